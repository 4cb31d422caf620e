-- Decision 0094: the back office's reports join several modules' tables in one query; each join is a
-- view here, which admin-reports reads as its own (declared with .existing() in its tables.ts).
-- The money ledger's lines with the facts of their order (revenue, refunds, cash on delivery).
CREATE VIEW "report_money_lines" AS
SELECT ml.id, ml.order_id, ml.kind, ml.reason, ml.amount_paise, ml.provider_ref, ml.created_at,
  o.order_number, o.status AS order_status, o.paid_at AS order_paid_at, o.created_at AS order_created_at
FROM money_ledger ml
INNER JOIN orders o ON o.id = ml.order_id;
--> statement-breakpoint
-- The courier's shipments with the order's number and how it is paid (remittances, returns to origin).
CREATE VIEW "report_shipments" AS
SELECT s.id, s.order_id, s.awb, s.status, s.created_at, s.cancelled_at,
  o.order_number, o.payment_method
FROM shipments s
INNER JOIN orders o ON o.id = s.order_id;
--> statement-breakpoint
-- Each order line with when its order was paid, its product and the product's category (sales by
-- product and by category); line_paise is what the line sold for after its discount.
CREATE VIEW "report_sale_lines" AS
SELECT oi.id, oi.order_id, o.paid_at, oi.product_id, p.name AS product_name, p.sku,
  p.category_id, c.name AS category_name, oi.quantity,
  oi.price_paise * oi.quantity - oi.discount_paise AS line_paise
FROM order_items oi
INNER JOIN orders o ON o.id = oi.order_id
INNER JOIN products p ON p.id = oi.product_id
INNER JOIN categories c ON c.id = p.category_id;
