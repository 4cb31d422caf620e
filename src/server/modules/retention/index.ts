// The retention module's public entry: erasing personal data once its purpose is served.

export { createRetentionService, RETENTION_EVERY_MS, type RetentionService } from './retention-service';
