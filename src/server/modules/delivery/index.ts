// The delivery module's public entry: pincode checks, delivery dates and shipping quotes.
export { createDeliveryService, type DeliveryService } from './delivery-service';
export { deliveryRoutes } from './routes';
