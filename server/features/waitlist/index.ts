export { jobs } from './jobs';
export { offerTaken } from './services/answerOffer';
