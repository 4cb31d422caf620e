// The shipping module's public entry: the courier (Shiprocket or the sandbox), shipments, tracking.

export type {
  Booking,
  CourierProvider,
  NdrAnswer,
  Serviceability,
  ServiceabilityQuery,
} from './courier-provider';
export { createLabelPool, LABEL_TOO_SLOW } from './label-pool';
export { COURIER_BODY_LIMIT, sandboxCourierRoutes, shipmentAdminRoutes, shipmentRoutes } from './routes';
export {
  createSandboxCourier,
  SANDBOX_COURIER_NAME,
  SANDBOX_FAILING_PINCODES,
  SANDBOX_HOLDS_FOR_ANSWER,
  SANDBOX_SERVICEABILITY,
  type SandboxCourier,
} from './sandbox-courier';
export { createCourier } from './select-courier';
export {
  hasOpenShipment,
  isBookedWithCourier,
  openLabelsOf,
  openShipmentStatusOf,
  openShipmentsOf,
} from './shipment-lookups';
export { createShipmentService, type ShipmentService } from './shipment-service';
export { createShiprocketClient } from './shiprocket-client';
export { registerTrackPageHead } from './track-page-head';
