// The personalisation module's public entry: shoppers' photos for personalised products.
export { personalisationPhotoExists } from './personalisation-photos';
export { personalisationRoutes } from './routes';
