// The settings module's public entry: the owner's settings, read by every instance, and the
// audit log of owner changes.

export { settingsRoutes } from './routes';
export {
  createSettingsService,
  type SettingsActor,
  type SettingsService,
  type SettingsSnapshot,
  settingsDefaultsFrom,
  writeAuditLine,
} from './settings-service';
