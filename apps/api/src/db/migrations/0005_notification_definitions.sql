-- The notification settings every user can toggle (GET /user-notification). They are product
-- configuration rather than demo data, so they ship with the schema. Each row is one (topic,
-- channel) pair; the in-app bell is not listed because every notification always reaches it.
INSERT INTO "notification_definitions" ("key", "topic", "channel", "title", "setting", "description", "default_status", "position") VALUES
  ('reminders.email', 'reminders', 'email', 'Reminders', 'Email reminders', 'An email when a new lesson day unlocks and the day before a live session you registered for.', true, 10),
  ('reminders.whatsapp', 'reminders', 'whatsapp', 'Reminders', 'WhatsApp reminders', 'The same reminders as a WhatsApp message to your verified WhatsApp number.', true, 20),
  ('reminders.push', 'reminders', 'push', 'Reminders', 'Push reminders', 'Reminders as alerts from the Exhale mobile app on your phone.', true, 30),
  ('community.email', 'community', 'email', 'Community', 'Email updates', 'An email when the picture you shared on Explore is approved or declined.', true, 40),
  ('community.whatsapp', 'community', 'whatsapp', 'Community', 'WhatsApp updates', 'Explore updates as a WhatsApp message to your verified WhatsApp number.', false, 50),
  ('community.push', 'community', 'push', 'Community', 'Push updates', 'Explore updates as alerts from the Exhale mobile app on your phone.', true, 60),
  ('account.whatsapp', 'account', 'whatsapp', 'Plans & Payments', 'WhatsApp updates', 'Purchases, refunds and live-session registrations on WhatsApp. Receipts and invoices always come by email.', false, 70),
  ('account.push', 'account', 'push', 'Plans & Payments', 'Push updates', 'Purchase and refund updates as alerts from the Exhale mobile app on your phone.', true, 80)
ON CONFLICT ("key") DO NOTHING;
