-- Decision 0094: the back office's customers join accounts, saved addresses, orders and the money
-- ledger; each join is a view here, which the admin module reads as its own (its tables.ts).
-- An account with its figures: the phone to call (saved default address, else the latest order's),
-- paid orders, spend (the ledger's net, as the dashboard counts revenue) and its last order.
CREATE VIEW "customer_summaries" AS
SELECT u.id, u.full_name, u.email, u.username, u.role, u.created_at,
  coalesce(
    (SELECT a.phone FROM addresses a WHERE a.user_id = u.id
      ORDER BY a.is_default DESC, a.id DESC LIMIT 1),
    (SELECT o.shipping_address->>'phone' FROM orders o WHERE o.user_id = u.id
      ORDER BY o.created_at DESC LIMIT 1)) AS phone,
  (SELECT count(*)::int FROM orders o WHERE o.user_id = u.id AND o.paid_at IS NOT NULL) AS paid_orders,
  (SELECT coalesce(sum(CASE WHEN ml.kind = 'refunded' THEN -ml.amount_paise ELSE ml.amount_paise END), 0)
    FROM money_ledger ml INNER JOIN orders o ON o.id = ml.order_id
    WHERE o.user_id = u.id) AS spend_paise,
  (SELECT max(o.created_at) FROM orders o WHERE o.user_id = u.id) AS last_order_at
FROM users u;
--> statement-breakpoint
-- Every phone a customer gave, as its digits: saved addresses and orders' delivery addresses. A
-- search's condition on the digits reaches each side's trigram index (addresses_phone_digits_trgm_idx,
-- orders_phone_digits_trgm_idx), which index these same expressions.
CREATE VIEW "customer_phones" AS
SELECT a.user_id, regexp_replace(a.phone, '\D', '', 'g') AS digits FROM addresses a
UNION ALL
SELECT o.user_id, regexp_replace(o.shipping_address->>'phone', '\D', '', 'g') AS digits FROM orders o;
