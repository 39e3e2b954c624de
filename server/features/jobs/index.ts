// The durable job queue: a registry that features hand their jobs to. Each feature exports `jobs` from its index.ts
// and server.ts (the composition root) gives them all to `jobsPlugin`; jobs imports no feature.

export { JOB_NAMES } from './names';
export { jobsPlugin } from './plugin';
export { JOB_SCHEMA, type JobDefinition, type JobQueue } from './queue';
export { jobQueueOf } from './registry';
