// The health module's public entry: liveness, readiness, metrics and the background queues.
export { readJobQueues } from './job-queues';
export { installMetrics } from './metrics-routes';
export { healthRoutes } from './routes';
