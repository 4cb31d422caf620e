// The courier providers' public entry: Shiprocket and the built-in sandbox behind one interface
// (DESIGN 6), with the sandbox's labels drawn in a worker thread (decision 0024).
export type { CourierProvider, NdrAnswer } from './courier-provider';
export { createLabelPool } from './label-pool';
export { COURIER_BODY_LIMIT, sandboxCourierRoutes } from './routes';
export { newAwb, SANDBOX_COURIER_NAME, SANDBOX_SERVICEABILITY } from './sandbox-courier';
export { createCourier } from './select-courier';
