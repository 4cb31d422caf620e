import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { installationSecrets } from '../../installation-secrets';
import type { CourierProvider } from './courier-provider';
import type { RenderLabel } from './label-pool';
import { createSandboxCourier, SANDBOX_COURIER_EMAIL, type SandboxCourier } from './sandbox-courier';
import { createShiprocketClient } from './shiprocket-client';

// The sandbox's Shiprocket client calls this base; fetchInProcess answers it without a network.
const SANDBOX_BASE = 'http://sandbox-courier.internal/sandbox/courier';

/**
 * DESIGN 6 and decision 0034: Shiprocket when COURIER=shiprocket (loadConfig refuses it without its
 * credentials), else the sandbox courier served by this server, through the same client.
 */
export function createCourier({
  config,
  db,
  clock,
  origin,
  deliveryDaysFor,
  renderLabel,
}: {
  config: Config;
  db: Db;
  clock: Clock;
  origin: { name: string; address: string; city: string };
  deliveryDaysFor: (pincode: string) => Promise<number>;
  renderLabel: RenderLabel;
}): { courier: CourierProvider; sandbox: SandboxCourier | null } {
  if (config.COURIER === 'shiprocket') {
    const courier = createShiprocketClient({
      name: 'shiprocket',
      baseUrl: config.SHIPROCKET_BASE_URL,
      email: config.SHIPROCKET_EMAIL ?? '',
      password: config.SHIPROCKET_PASSWORD ?? '',
      pickupLocation: config.SHIPROCKET_PICKUP_LOCATION,
      webhookToken: config.SHIPROCKET_WEBHOOK_TOKEN,
      timeoutMs: config.OUTSIDE_CALL_TIMEOUT_MS,
      now: () => clock.now(),
    });
    return { courier, sandbox: null };
  }
  const token =
    config.SANDBOX_COURIER_TOKEN ??
    installationSecrets(config.dataDir, ['sandboxCourierToken']).sandboxCourierToken;
  const sandbox = createSandboxCourier({
    db,
    clock,
    token,
    speed: config.SANDBOX_COURIER_SPEED,
    origin,
    deliveryDaysFor,
    renderLabel,
  });
  const courier = createShiprocketClient({
    name: 'sandbox',
    baseUrl: SANDBOX_BASE,
    email: SANDBOX_COURIER_EMAIL,
    password: token,
    pickupLocation: 'Primary',
    webhookToken: token,
    timeoutMs: config.OUTSIDE_CALL_TIMEOUT_MS,
    fetch: sandbox.fetchInProcess(SANDBOX_BASE),
    now: () => clock.now(),
  });
  return { courier, sandbox };
}
