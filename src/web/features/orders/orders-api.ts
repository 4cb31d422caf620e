import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressForm } from '../../../shared/address-rules';
import type { AcceptGiftLinkPayload } from '../../../shared/api/gift-links';
import type { OrderRecord } from '../../../shared/api/orders';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { ApiError, apiRequest, parsedAnswer } from '../../api/client';

// The schemas (and Zod) load with the first answer, not with the pages (docs/performance.md).
const orderRecord = () => import('../../../shared/api/orders').then((schemas) => schemas.OrderRecord);

export const ORDERS_QUERY_KEY = ['orders'] as const;

/** SPEC 7: GET /orders/my-orders, 'list in data', newest first. */
export async function fetchMyOrders(): Promise<OrderRecord[]> {
  const answer = await parsedAnswer(
    import('../../../shared/api/orders').then((schemas) => schemas.OrderListResponse),
    apiRequest<unknown>('/orders/my-orders'),
  );
  return answer.data;
}

/** SPEC 7: GET /orders/{id}; null when the order is not there (or not the shopper's: also 404). */
export async function fetchOrder(id: string): Promise<OrderRecord | null> {
  try {
    return await parsedAnswer(orderRecord(), apiRequest<unknown>(`/orders/${encodeURIComponent(id)}`));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

// A refused token is not worth asking again; anything else (network, 5xx) once more.
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(error instanceof ApiError && (error.status === 401 || error.status === 403)) && failures < 1;

/** The signed-in shopper's orders; the page passes the user id (null: logged out, no call). */
export function useMyOrders(userId: number | null) {
  return useQuery({
    queryKey: [...ORDERS_QUERY_KEY, 'mine', userId],
    queryFn: fetchMyOrders,
    enabled: userId !== null,
    // An order's status moves on the server; a return visit shows the latest.
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/** One order of the signed-in shopper; `enabled` waits for the session to be known. */
export function useOrder(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ORDERS_QUERY_KEY, 'one', orderId],
    queryFn: () => fetchOrder(orderId),
    enabled,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/**
 * An order still waiting for payment can be paid until it expires (payableUntil). `now`
 * is passed in so a page and its tests agree on the moment.
 */
export const isPayable = (order: Pick<OrderRecord, 'payableUntil'>, now: number) =>
  order.payableUntil !== null && Date.parse(order.payableUntil) > now;

/** POST /orders/{id}/payment, the provider's order of a pending order ('Complete payment'). */
export async function startOrderPayment(orderId: string): Promise<CreateOrderResponse> {
  return parsedAnswer(
    import('../../../shared/api/payments').then((schemas) => schemas.CreateOrderResponse),
    apiRequest<unknown>(`/orders/${encodeURIComponent(orderId)}/payment`, { method: 'POST' }),
  );
}

/**
 * POST /orders/{id}/cancel: the server gives the order's stock and coupon back at once; every
 * order query is then asked again, so My Orders and the order's page show it cancelled.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      parsedAnswer(
        orderRecord(),
        apiRequest<unknown>(`/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST' }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}

/**
 * Decision 0066: PUT /orders/{id}/address, the delivery address and phone of an order not yet
 * booked; every order query is asked again, so the page shows the new address and its timeline line.
 */
export function useChangeOrderAddress(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Decision 0085: a 202 carries the change waiting for payment in `pendingAddressChange`.
    mutationFn: (change: { address: AddressForm; delivery?: DeliveryChoice }) =>
      parsedAnswer(
        orderRecord(),
        apiRequest<unknown>(`/orders/${encodeURIComponent(orderId)}/address`, {
          method: 'PUT',
          body: change,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}

/**
 * Decision 0081: the sender's actions on a gift link: send it again (to a corrected mobile) before
 * it is opened, or once it expired, take a full refund or give the address themselves. Every order query is asked again after.
 */
export function useGiftLinkActions(orderId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  const post = (action: 'resend' | 'refund' | 'address', body?: unknown) =>
    parsedAnswer(
      orderRecord(),
      apiRequest<unknown>(`/orders/${encodeURIComponent(orderId)}/gift-link/${action}`, {
        method: 'POST',
        ...(body === undefined ? {} : { body }),
      }),
    );
  return {
    resend: useMutation({ mutationFn: (phone: string) => post('resend', phone ? { phone } : {}), onSuccess }),
    refund: useMutation({ mutationFn: () => post('refund'), onSuccess }),
    // Once it expired, the sender may give the address themselves (they then know it).
    address: useMutation({
      mutationFn: (answer: AcceptGiftLinkPayload) => post('address', answer),
      onSuccess,
    }),
  };
}
