// One chunk for map mode (Leaflet included): the map and the route page share almost all of it.
export { default as MapPage } from './MapPage';
export { default as RoutePage } from './RoutePage';
