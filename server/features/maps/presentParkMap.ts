import type { MapEvent, ParkMap, PlaceKind } from '../../../common/dto/map';
import type { Locale } from '../../../common/enums';
import { ItemCategory } from '../../../common/enums';
import { localize } from '../../lib/localize';
import type { ParkMapRows } from './services/getParkMap';

export function presentParkMap(rows: ParkMapRows, locale: Locale, date: string): ParkMap {
  const { park } = rows;
  const events = new Map<number, MapEvent>();
  const placeOfItem = new Map(rows.places.filter((p) => p.itemId !== null).map((p) => [p.itemId, p.id]));
  for (const e of rows.events) {
    let event = events.get(e.id);
    if (!event) {
      event = {
        itemId: e.id,
        category: e.category === ItemCategory.Quest ? 'quest' : 'event',
        name: localize(e, 'name', locale),
        placeId: placeOfItem.get(e.id) ?? null,
        times: [],
      };
      events.set(e.id, event);
    }
    if (e.startTime && e.endTime) event.times.push({ start: e.startTime, end: e.endTime });
  }
  return {
    park: { id: park.id, name: localize(park, 'name', locale), kind: park.kind },
    image: { url: park.mapImageUrl, width: park.width, height: park.height, metresPerPx: park.metresPerPx },
    updatedAt: new Date(park.updatedAt).toISOString(),
    date,
    places: rows.places.map((p) => ({
      id: p.id,
      code: p.code,
      kind: p.kind as PlaceKind,
      name: localize(p, 'name', locale),
      x: p.x,
      y: p.y,
      nodeId: p.nodeId,
      parkLivingThingId: p.parkLivingThingId,
      itemId: p.itemId,
    })),
    nodes: rows.nodes,
    edges: rows.edges.map((e) => ({
      id: e.id,
      from: e.fromNodeId,
      to: e.toNodeId,
      lengthM: e.lengthM,
      steps: e.steps,
      riseM: e.riseM,
      roofed: e.roofed,
    })),
    controlPoints: rows.controlPoints,
    events: [...events.values()],
  };
}
