-- Decision 0094: order news (notifications' notices) asks of an order who may hear of it: the
-- consent it was placed with, its delivery address (a gift recipient's phone), its account (the
-- day's allowance counts that account's orders' messages) and whether a quote made it (its number
-- is the owner's word). The orders and quotes modules queue that news in their own transactions, so
-- notifications cannot import their entries; it reads this view as its own (its tables.ts).
CREATE VIEW "order_notice_facts" AS
SELECT o.id AS order_id, o.user_id, o.notify, o.shipping_address,
  EXISTS (SELECT 1 FROM order_quotes q WHERE q.order_id = o.id) AS quoted
FROM orders o;
