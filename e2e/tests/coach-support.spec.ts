import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, freshMember, loginAs, openApp, registerUser, test } from '../fixtures';

// Coach support (issue 45): a member writes to a person from /coach and reads the answer there;
// a coach, with the coach role alone, answers from the console's inbox.

const COACH = { email: 'coach@example.com' };
const COACH_FIRST_NAME = 'Asha';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

interface InboxRow {
  _id: string;
  member: { _id: string; name: string };
}

/** The member's conversation as the coach's inbox lists it. */
async function conversationOf(
  request: APIRequestContext,
  coachToken: string,
  memberId: string,
): Promise<InboxRow> {
  const response = await request.get('/api/admin/inbox', {
    params: { status: 'open', assigned: 'all' },
    headers: auth(coachToken),
  });
  expect(response.status(), await response.text()).toBe(200);
  const rows = ((await response.json()) as { data: InboxRow[] }).data;
  const row = rows.find((item) => item.member._id === memberId);
  expect(row, 'the member’s conversation is in the inbox').toBeDefined();
  return row!;
}

test('at 360 px a member writes to a coach and reads the reply in the thread', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const member = await freshMember(page);

  await openApp(page, '/coach');
  await expect(page.getByRole('heading', { level: 1, name: 'Talk to a coach' })).toBeVisible();
  await expectNoViolations(page);

  const box = page.getByRole('textbox', { name: 'Your message' });
  // An empty message is refused in words, not sent.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Write your message in 1 to 2,000 characters.')).toBeVisible();

  await box.fill('My brother still smokes at home and I keep craving.');
  await expect(page.getByText('51 of 2,000 characters')).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const thread = page.getByRole('list', { name: 'Your conversation with the coaches' });
  await expect(
    thread.getByRole('listitem').filter({ hasText: 'My brother still smokes at home' }),
  ).toContainText('You');
  await expect(box).toHaveValue('');

  const coach = await apiLogin(page.request, COACH);
  const conversation = await conversationOf(page.request, coach.token, member.user._id);
  const reply = await page.request.post(`/api/admin/inbox/${conversation._id}/replies`, {
    headers: auth(coach.token),
    data: { text: 'That is hard. Shall we plan what you do when he lights up?' },
  });
  expect(reply.status(), await reply.text()).toBe(201);

  // Coming back to the page asks for new replies (as after switching apps on a phone).
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  const answer = thread
    .getByRole('listitem')
    .filter({ hasText: 'Shall we plan what you do when he lights up?' });
  await expect(answer).toContainText(`Coach ${COACH_FIRST_NAME}`);
  await expect(page.getByRole('status').filter({ hasText: 'New reply from' })).toContainText(
    `New reply from ${COACH_FIRST_NAME}`,
  );
  await expectNoViolations(page);
});

test('at desktop width a coach answers from the inbox, with nothing else of the console', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await registerUser(page.request, {}, { landingTestPoints: 40 });
  const sent = await page.request.post('/api/coach/messages', {
    headers: auth(member.token),
    data: { text: 'I slipped three times today.', client_id: crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await loginAs(page, COACH);
  await page.goto('/admin');
  // A coach's console starts at the inbox and lists no other section.
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link')).toHaveText(['Inbox']);

  const coach = await apiLogin(page.request, COACH);
  const conversation = await conversationOf(page.request, coach.token, member.user._id);
  const row = page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href="/admin/inbox/${conversation._id}"]`) });
  await expect(row).toContainText('Waiting');
  await expectNoViolations(page);

  await row.getByRole('link', { name: member.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  await expect(page.getByText('Slips in the last 7 days')).toBeVisible();
  await expect(page.getByText('Only coaches see this. The member never does.')).toBeVisible();
  await expectNoViolations(page);
  // Who the member is: beside the thread on a wide screen, above it on a phone (checked below).
  const memberHeading = page.getByRole('heading', { level: 2, name: 'Member', exact: true });
  const threadHeading = page.getByRole('heading', { level: 2, name: 'Conversation', exact: true });
  expect((await memberHeading.boundingBox())!.x).toBeGreaterThan(
    (await threadHeading.boundingBox())!.x,
  );

  await page
    .getByRole('textbox', { name: 'Your reply to the member' })
    .fill('Three slips is not the end. What set them off today?');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Messages, oldest first' })
      .getByRole('listitem')
      .filter({ hasText: 'What set them off today?' }),
  ).toContainText(COACH_FIRST_NAME);

  const thread = await page.request.get('/api/coach/conversation', {
    headers: auth(member.token),
  });
  const messages = (
    (await thread.json()) as {
      data: { messages: { from: string; text: string; coach_name: string | null }[] };
    }
  ).data.messages;
  expect(messages.filter((message) => message.from === 'coach')).toEqual([
    expect.objectContaining({
      text: 'Three slips is not the end. What set them off today?',
      coach_name: COACH_FIRST_NAME,
    }),
  ]);

  await page.setViewportSize({ width: 360, height: 740 });
  expect((await memberHeading.boundingBox())!.y).toBeLessThan(
    (await threadHeading.boundingBox())!.y,
  );
});
