import { zodResolver } from '@hookform/resolvers/zod';
import { StockAlertRequest } from '../../../shared/api/notifications';

// "Notify me when it's back" checks the channel by the server's schema: notify-me.tsx loads this
// module when the choice is first focused or sent (decision 0088), so the product page opens without Zod.
export const checkNotifyMe = zodResolver(StockAlertRequest.pick({ channel: true }));
