// The store module's public entry: the public store settings.
export { storeRoutes } from './routes';
export { storeSettingsFrom } from './store-settings';
