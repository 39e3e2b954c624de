export { jobs } from './jobs';
export { itemName, notify } from './services/notify';
