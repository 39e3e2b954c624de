// The park profile's animals, latest stories and follow button. Features do not import each other, so the
// parks feature binds its own catalogue endpoints here; following goes through lib/follows.
// Plain createElement: this module is the one file the parks feature gained for it.
import { createElement as h } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Paged } from '../../../../common/dto/api';
import type { ParkLivingThingSummary } from '../../../../common/dto/livingThing';
import type { StoryListMeta, StorySummary } from '../../../../common/dto/story';
import { NO_STORIES } from '../../../../common/emptyStates';
import { api } from '../../lib/api';
import { FollowButton } from '../../lib/components/FollowButton';
import { parkAnimalsQuery, parkStoriesQuery } from '../../lib/earlyData';
import { formatTokyoMonthDay } from '../../lib/format';

export const parkExtrasApi = api.injectEndpoints({
  endpoints: (build) => ({
    parkAnimals: build.query<Paged<ParkLivingThingSummary>, number>({
      query: parkAnimalsQuery,
      providesTags: ['LivingThing'],
    }),
    parkLatestStories: build.query<{ data: StorySummary[]; meta: StoryListMeta }, number>({
      query: parkStoriesQuery,
      providesTags: ['Story'],
    }),
  }),
});

export const { useParkAnimalsQuery, useParkLatestStoriesQuery } = parkExtrasApi;

/** The park's animals and latest stories, with links, for the park profile. */
export function ParkExtras({ parkId, name }: { parkId: number; name: string }) {
  const { t, i18n } = useTranslation();
  const animals = useParkAnimalsQuery(parkId);
  const stories = useParkLatestStoriesQuery(parkId);
  const animalList = animals.data?.data ?? [];
  const total = animals.data?.meta.total ?? 0;
  const storyList = stories.data?.data ?? [];
  return h(
    'div',
    { className: 'park-extras stack', 'data-testid': 'park-extras' },
    h(
      'div',
      { className: 'park-extras__follow' },
      h('p', { className: 'muted' }, t('catalogue.parkExtras.followLead')),
      h(FollowButton, { targetType: 'park', targetId: parkId, name }),
    ),
    h(
      'section',
      { className: 'panel', 'aria-labelledby': 'park-animals' },
      h(
        'div',
        { className: 'section-head' },
        h(
          'h2',
          { id: 'park-animals' },
          t('catalogue.parkExtras.animalsTitle'),
          total > 0 && ' ',
          total > 0 &&
            h('span', { className: 'count-badge' }, t('catalogue.parkExtras.animalsCount', { count: total })),
        ),
        total > animalList.length &&
          h(Link, { to: `/find/living-thing/result?park_id=${parkId}` }, t('catalogue.parkExtras.seeAllAnimals')),
      ),
      animals.data &&
        (animalList.length === 0
          ? h('p', { className: 'muted' }, t('catalogue.parkExtras.noAnimals'))
          : h(
              'ul',
              { className: 'animal-chips', 'data-testid': 'park-animals' },
              animalList.map((a) =>
                h(
                  'li',
                  { key: a.id },
                  h(
                    Link,
                    { to: `/profile/park-living-thing/${a.id}`, className: 'animal-chip' },
                    h('img', { src: a.imageUrl, alt: '', width: 56, height: 42, loading: 'lazy' }),
                    h(
                      'span',
                      { className: 'animal-chip__text' },
                      h('strong', null, a.nickname),
                      h('small', null, a.livingThing.name),
                    ),
                  ),
                ),
              ),
            )),
    ),
    h(
      'section',
      { className: 'panel panel--later', 'aria-labelledby': 'park-stories' },
      h('h2', { id: 'park-stories' }, t('catalogue.parkExtras.storiesTitle')),
      stories.data &&
        (storyList.length === 0
          ? h('p', { className: 'empty-state' }, NO_STORIES[i18n.language === 'en' ? 'en' : 'ja'])
          : h(
              'ul',
              { className: 'story-links', 'data-testid': 'park-stories' },
              storyList.map((s) =>
                h(
                  'li',
                  { key: s.id },
                  h(
                    Link,
                    { to: `/story/${s.id}`, className: 'story-link' },
                    h(
                      'span',
                      { className: 'story-link__thumb' },
                      h('img', { src: s.imageUrl, alt: '', width: 96, height: 72, loading: 'lazy' }),
                      s.kind === 'short_movie' &&
                        h(
                          'span',
                          { className: 'story-link__play' },
                          h('span', { className: 'visually-hidden' }, t('catalogue.story.movie')),
                        ),
                    ),
                    h(
                      'span',
                      { className: 'story-link__text' },
                      h('strong', null, s.title),
                      h(
                        'small',
                        null,
                        h(
                          'time',
                          { dateTime: s.publishedAt },
                          formatTokyoMonthDay(s.publishedAt, i18n.language === 'en' ? 'en' : 'ja'),
                        ),
                        `・${s.parkUser.name}`,
                      ),
                    ),
                  ),
                ),
              ),
            )),
      storyList.length > 0 &&
        h(
          'p',
          null,
          h(Link, { to: `/find/stories/result?park_id=${parkId}` }, t('catalogue.parkExtras.seeAllStories')),
        ),
    ),
  );
}
