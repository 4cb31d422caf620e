// The personalisation module's public entry: shoppers' photos for personalised products.
export { personalisationPhotoExists, personalisationPhotoForPrint } from './personalisation-photos';
export { personalisationRoutes } from './routes';
