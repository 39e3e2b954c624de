export { jobs } from './jobs';
