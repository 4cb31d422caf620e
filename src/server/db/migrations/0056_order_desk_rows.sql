-- Decision 0094: the back office's order desk (its list, its queues, the filter a bulk change or
-- print takes) reads orders as this view, which the admin module declares as its own (its
-- tables.ts): each order with the facts the desk shows and filters on, and its units. The
-- account's, quote's, gift link's and COD confirmation's facts come from their owners' conditions
-- on the view's id and user_id. A simple view, so PostgreSQL plans a query on it as on orders
-- itself: a filter still reaches orders' indexes, and item_count is counted for the page's rows only.
CREATE VIEW "order_desk_rows" AS
SELECT o.id, o.order_number, o.user_id, o.status, o.total_paise, o.payment_method, o.shipping_address,
  o.gift_message, o.hide_prices, o.gift_recipient_email,
  o.delivery_date, o.delivery_slot, o.delivery_slot_id, o.delivery_slot_name,
  o.delivery_window_start, o.delivery_window_end, o.gift_batch_id, o.created_at,
  (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi WHERE oi.order_id = o.id) AS item_count
FROM orders o;
