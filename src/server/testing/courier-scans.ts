import { SHIPROCKET_STATUS_OF, type TrackingKind } from '../../shared/courier-events';
import { SANDBOX_COURIER_NAME } from '../modules/courier-providers';

/**
 * A tracking update as Shiprocket posts it to /api/shipping/webhook, for an `indiaTime` written
 * 'YYYY-MM-DD HH:mm:ss' (Shiprocket's own stamp is 'DD MM YYYY HH:mm:ss', India time).
 */
export function courierScan(
  awb: string,
  kind: TrackingKind,
  indiaTime: string,
  activity = 'Scan',
  location = 'Delhi hub',
) {
  const [date, time] = indiaTime.split(' ');
  const [year, month, day] = date!.split('-');
  const status = SHIPROCKET_STATUS_OF[kind];
  return {
    awb,
    courier_name: SANDBOX_COURIER_NAME,
    current_status: status.name,
    current_status_id: status.id,
    shipment_status: status.name,
    shipment_status_id: status.id,
    current_timestamp: `${day} ${month} ${year} ${time}`,
    scans: [{ date: indiaTime, activity, location, 'sr-status': status.id, 'sr-status-label': status.name }],
  };
}
