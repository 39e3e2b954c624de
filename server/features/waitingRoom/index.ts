export { ADMISSION_HEADER } from './admissionHeader';
export { jobs } from './jobs';
export { type PublishedRanking, type QueueVerdict, verifyRanking } from './ranking';
export { waitingRoomRoutes, waitingRoomStatusRoute } from './routes';
export { type Admission, admissionFor, spendAdmission } from './services/admission';
export { staffWaitingRoomRoutes } from './staffRoutes';
