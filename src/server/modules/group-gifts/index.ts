// The group-gifts module's public entry: pools friends chip in to, ordered when met (decision 0084).

export { createGroupGiftService, type GroupGiftService } from './group-gift-service';
export { groupGiftAdminRoutes, groupGiftRoutes } from './routes';
export { paysPoolShare, shareOfProviderOrder } from './share-payments';
export { unmetPoolOrder } from './unmet-pool';
