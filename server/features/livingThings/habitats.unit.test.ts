import { describe, expect, it } from 'vitest';
import { HABITATS, type Habitat } from '../../../common/dto/livingThing';
import { normalizeForSearch } from '../../../common/search/normalize';
import { habitatTerms } from './habitats';

// The SQL filter's rule: a habitat text is in a group when its normalised form holds one of the group's terms.
const inHabitat = (text: string, habitat: Habitat) =>
  habitatTerms(habitat).some((t) => normalizeForSearch(text).includes(t));

describe('habitat groups', () => {
  it('puts habitat texts into groups, several where they belong to several', () => {
    expect(inHabitat('北極圏の海氷上と沿岸', 'polar')).toBe(true);
    expect(inHabitat('北極圏の海氷上と沿岸', 'sea')).toBe(true);
    expect(inHabitat('アフリカのサバンナ', 'grassland')).toBe(true);
    expect(inHabitat('アフリカのサバンナ', 'forest')).toBe(false);
    expect(inHabitat('Tropical rainforests of Southeast Asia', 'forest')).toBe(true);
    expect(inHabitat('本州・四国・九州の田んぼ、池、小川', 'freshwater')).toBe(true);
    expect(inHabitat('北アフリカのサハラ砂漠', 'desert')).toBe(true);
  });

  it('every group has terms already in the normalised search form', () => {
    for (const h of HABITATS) {
      const terms = habitatTerms(h);
      expect(terms.length, h).toBeGreaterThan(0);
      for (const t of terms) expect(normalizeForSearch(t)).toBe(t);
    }
  });
});
