// The returns module's public entry: return requests and their refunds, and parcels the courier
// brought back to the store (decision 0064).

export { eraseReturnPhotosOf, returnsOf } from './personal-data';
export { returnsToDecide } from './return-queue';
export { returnsByOrder } from './return-records';
export { createReturnService, deleteReturnPhotosDecidedBefore, type ReturnService } from './return-service';
export { createReturnedParcels, type ReturnedParcels } from './returned-parcels';
export { returnedParcelRoutes, returnRoutes } from './routes';
