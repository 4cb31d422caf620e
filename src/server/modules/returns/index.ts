// The returns module's public entry: return requests and their refunds.
export { createReturnService, type ReturnService } from './return-service';
export { returnRoutes } from './routes';
