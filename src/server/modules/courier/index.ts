// The shipping module's public entry: shipments booked with the courier (courier-providers), tracking.

export { shipmentAdminRoutes, shipmentRoutes } from './routes';
export {
  hasOpenShipment,
  isBookedWithCourier,
  openLabelsOf,
  openShipmentStatusOf,
  openShipmentsOf,
} from './shipment-lookups';
export { createShipmentService, type ShipmentService } from './shipment-service';
export { registerTrackPageHead } from './track-page-head';
