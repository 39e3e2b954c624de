// One chunk for map mode: the map and the route page share almost all of it (MapCanvas.tsx draws the map).
export { default as MapPage } from './MapPage';
export { default as RoutePage } from './RoutePage';
