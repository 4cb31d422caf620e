// The delivery-slots module's public entry: the owner's timed delivery slots (decision 0073).
export { createDeliverySlotService, type DeliverySlotService } from './delivery-slot-service';
export { deliverySlotRoutes } from './routes';
export { slotFeeOf, windowColumnsOf, withdrawnSlotMessage } from './slot-choice';
