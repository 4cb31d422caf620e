import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockAlert, StockAlertRequest } from '../../../shared/api/notifications';
import { apiRequest, parsedAnswer } from '../../api/client';

// Decision 0071: "Notify me when it's back". The schemas (and Zod) load with the first answer.
const answerSchema = () => import('../../../shared/api/notifications').then((api) => api.StockAlertAnswer);

const stockAlertKey = (productId: number) => ['stock-alert', productId] as const;

/** The signed-in shopper's ask for this product (null when none); nothing is asked for a guest. */
export function useStockAlert(productId: number, signedIn: boolean) {
  return useQuery({
    queryKey: stockAlertKey(productId),
    queryFn: async (): Promise<StockAlert | null> =>
      (await parsedAnswer(answerSchema(), apiRequest<unknown>(`/stock-alerts/${productId}`))).alert,
    enabled: signedIn,
  });
}

export function useStockAlertChange(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (channel: StockAlertRequest['channel'] | null): Promise<StockAlert | null> => {
      const answer =
        channel === null
          ? apiRequest<unknown>(`/stock-alerts/${productId}`, { method: 'DELETE' })
          : apiRequest<unknown>('/stock-alerts', { method: 'POST', body: { productId, channel } });
      return (await parsedAnswer(answerSchema(), answer)).alert;
    },
    onSuccess: (alert) => queryClient.setQueryData(stockAlertKey(productId), alert),
  });
}
