export {
  createDispatchService,
  DISPATCH_EVERY_MS,
  DISPATCH_LEASE_MS,
  type DispatchService,
} from './dispatch-service';
export { dispatchRoutes } from './routes';
