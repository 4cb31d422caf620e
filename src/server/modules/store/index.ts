// The store module's public entry: the public store settings.

export { registerPolicyPageHeads } from './policy-page-heads';
export { storeRoutes } from './routes';
export { storeSettingsFrom } from './store-settings';
