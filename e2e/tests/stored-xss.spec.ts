import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiLogin,
  expect,
  openApp,
  registerUser,
  seedStorage,
  test,
  type Session,
} from '../fixtures';
import { solidPng } from '../png';

// Script written into any text a member or an operator can store comes back as
// inert text. Every field the pages show is filled through the API with XSS payloads; the pages
// that show them are opened as their readers; nothing may run (no `window.__xss`, no dialog, no
// CSP report of a blocked script), no element carrying script may be in the page (so the content
// security policy is not what saves us), and plain-text fields show the payload as written.

const ADMIN = { email: 'admin@example.com' };
const SEED_VIDEO = new URL('../../apps/api/src/db/seed/media/free-2.mp4', import.meta.url);
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const run = Date.now().toString(36);

/** A payload per field: a short marker (so the text can be found) and markup that would run. */
const xss = (marker: string) => `${marker}<img src=x onerror="alert(1);window.__xss=1">`;
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload="alert(1);window.__xss=1">';

/** Editor HTML (blogs, news, live sessions) with every trick the sanitiser must take out. */
const RICH = [
  '<p>Safe paragraph <strong>kept</strong></p>',
  '<img src=x onerror="alert(1);window.__xss=1">',
  '<script>window.__xss=1</script>',
  '<a href="javascript:window.__xss=1">js link</a>',
  '<a href=" JaVaScRiPt:alert(1)">spaced js link</a>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<svg><animate onbegin="alert(1)" attributeName="x" dur="1s"/></svg>',
  '<details open ontoggle="alert(1)"><summary>t</summary></details>',
  '<p style="background:url(javascript:alert(1))" onmouseover="alert(1)">hover</p>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
].join('\n');

/** Everything stored for the run; filled by the first test, read by the others. */
const stored = {
  member: undefined as unknown as Session & { name: string; email: string },
  reader: undefined as unknown as Session,
  admin: undefined as unknown as Session,
  blogId: '',
  newsId: '',
  liveSessionId: '',
  quizId: '',
  lessonId: '',
  planId: '',
  questionId: '',
};

const texts = {
  // Names refuse < and > (decision 035); what they still allow is quotes and entities, the
  // attribute-breaking half of an injection.
  name: `N" autofocus onfocus="window.__xss=1" '&amp;`,
  exploreTitle: `T${SVG}`.slice(0, 120),
  review: `R${SCRIPT}`,
  feedback: xss(`F${run}`),
  notificationTitle: xss('NT'),
  notificationMessage: `NM${SCRIPT}${SVG}`,
  blogTitle: xss('B'),
  blogMeta: `BM${SVG}`,
  newsTitle: xss('NW'),
  newsAuthor: `NA${SVG}`,
  newsTag: '<b>t</b>',
  newsLink: `https://example.com/${run}"onmouseover="alert(1)`,
  liveTitle: xss(`L${run}`),
  liveHost: `LH${SVG}`,
  liveTags: `<i>x</i>,${SCRIPT}`,
  quizTitle: xss('Q'),
  quizDescription: `QD${SCRIPT}`,
  quizQuestion: xss('QQ'),
  quizOption: `QO${SVG}`,
  quizRegistrant: `=HYPERLINK("http://evil.example","x")<img src=x onerror=alert(1)>`,
  lessonTitle: xss(`LT${run}`),
  lessonContent: `LC${SCRIPT}${SVG}`,
  planName: xss('P'),
  planFeature: `PF${SCRIPT}`,
  exerciseQuestion: xss('EQ'),
  exerciseOption: `EO${SVG}`,
  refundReason: xss('RR'),
};

/** Watches a page for anything a payload could make happen. */
function watch(page: Page) {
  const dialogs: string[] = [];
  const cspReports: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspReports.push(message.text());
  });
  return { dialogs, cspReports };
}

/**
 * Nothing ran and nothing that could run is in the page: no `window.__xss` in any frame, no
 * dialog, no CSP report, and no script element, event-handler attribute, javascript: URL or
 * frame among what the app rendered (it lives in #root; Radix portals hang off <body>).
 */
async function expectInert(page: Page, seen: ReturnType<typeof watch>) {
  await page.waitForLoadState('networkidle');
  for (const frame of page.frames()) {
    expect(await frame.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  }
  const dangerous = await page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const tag = el.tagName.toLowerCase();
      if (tag === 'script' || tag === 'iframe' || tag === 'object' || tag === 'embed') {
        found.push(`<${tag}>`);
      }
      for (const attr of Array.from(el.attributes)) {
        // Browsers ignore control characters and spaces in a URL's scheme ("java\tscript:").
        const value = Array.from(attr.value)
          .filter((c) => c.charCodeAt(0) > 32)
          .join('')
          .toLowerCase();
        if (attr.name.startsWith('on')) found.push(`<${tag} ${attr.name}>`);
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attr.name) &&
          value.startsWith('javascript:')
        ) {
          found.push(`<${tag} ${attr.name}=${attr.value}>`);
        }
      }
    }
    return found;
  });
  expect(dangerous, 'elements that carry script').toEqual([]);
  expect(seen.dialogs, 'dialogs').toEqual([]);
  expect(seen.cspReports, 'scripts the CSP had to block').toEqual([]);
}

/** The payload is on the page as the characters it was written with. */
async function expectShownAsText(page: Page, text: string) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
}

/** The console's first "Show" filter set to `label`. */
async function choose(page: Page, label: string): Promise<void> {
  await page.getByLabel('Show').first().selectOption({ label });
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function signIn(page: Page, session: Session) {
  const profile = await ok<{ data: unknown }>(
    await page.request.get('/api/user/profile', { headers: auth(session.token) }),
  );
  await seedStorage(page, {
    token: session.token,
    user: JSON.stringify(profile.data),
    root: JSON.stringify({ user: profile.data, isAuth: true }),
    whatsapp_hide: 'true',
  });
}

test.describe.configure({ mode: 'serial' });

test.describe('stored XSS renders inert', () => {
  test('members and operators store payloads in every text field', async ({ request }) => {
    const admin = await apiLogin(request, ADMIN);
    const a = { headers: auth(admin.token) };
    stored.admin = admin;

    // Operator content: a lesson (free track, so every new member has it), an exercise
    // question, a plan, a blog, a news item, a live session and a quiz set.
    const video = await ok<{ data: { key: string } }>(
      await request.post('/api/admin/uploads?kind=video', {
        ...a,
        multipart: {
          file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(SEED_VIDEO) },
        },
      }),
    );
    stored.lessonId = (
      await ok<{ data: { _id: string } }>(
        await request.post('/api/admin/lessons', {
          ...a,
          data: {
            title: texts.lessonTitle,
            content: texts.lessonContent,
            day: 1,
            video_order: 900,
            type: 'free',
            source: video.data.key,
            thumbnail_img: null,
            route: null,
          },
        }),
      )
    ).data._id;
    stored.questionId = (
      await ok<{ data: { _id: string } }>(
        await request.post('/api/admin/questions', {
          ...a,
          data: {
            route: `xss-${run}`,
            question: texts.exerciseQuestion,
            question_type: 'radio',
            options: [
              { value: texts.exerciseOption, point: 1 },
              { value: 'Plain option', point: 2 },
            ],
          },
        }),
      )
    ).data._id;
    stored.planId = (
      await ok<{ data: { _id: string } }>(
        await request.post('/api/admin/plans', {
          ...a,
          data: {
            code: `xss-${run}`,
            name: texts.planName,
            description: `PD${SCRIPT}`,
            price: 10,
            features: [texts.planFeature],
            duration: 1,
            duration_type: 'month',
          },
        }),
      )
    ).data._id;
    stored.blogId = (
      await ok<{ data: { _id: string } }>(
        await request.post('/api/admin/blogs', {
          ...a,
          data: {
            title: texts.blogTitle,
            slug: `xss-${run}`,
            meta_title: xss('BT'),
            meta_description: texts.blogMeta,
            content: RICH,
            published: true,
          },
        }),
      )
    ).data._id;
    stored.newsId = (
      await ok<{ data: { _id: string } }>(
        await request.post('/api/admin/news', {
          ...a,
          data: {
            title: texts.newsTitle,
            author: texts.newsAuthor,
            tag: texts.newsTag,
            description: RICH,
            link: texts.newsLink,
            published: true,
          },
        }),
      )
    ).data._id;
    // A link field takes http(s) only: a javascript: "Read More" is refused at the door.
    const scriptLink = await request.post('/api/admin/news', {
      ...a,
      data: { title: 'x', author: 'x', link: 'javascript:window.__xss=1//https://x' },
    });
    expect(scriptLink.status()).toBe(400);
    const tomorrow = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 16);
    stored.liveSessionId = (
      await ok<{ data: { _id: string } }>(
        await request.post('/api/admin/live-sessions', {
          ...a,
          data: {
            title: texts.liveTitle,
            description: RICH,
            amount: 99,
            host: texts.liveHost,
            tags: texts.liveTags,
            session_date_ist: tomorrow,
            joining_details: `JD${SCRIPT}`,
          },
        }),
      )
    ).data._id;
    stored.quizId = (
      await ok<{ data: { _id: string } }>(
        await request.post('/api/admin/quizzes', {
          ...a,
          data: {
            title: xss('QS'),
            description: `QSD${SCRIPT}`,
            quizzes: [
              {
                title: texts.quizTitle,
                description: texts.quizDescription,
                questions: [
                  {
                    question: texts.quizQuestion,
                    options: [{ option: texts.quizOption, is_correct: true }, { option: 'Plain' }],
                  },
                ],
              },
            ],
          },
        }),
      )
    ).data._id;

    // A member: their name, a lesson's feedback, an Explore post and a review, a refund reason.
    const member = await registerUser(request, {}, { landingTestPoints: 40 });
    const m = { headers: auth(member.token) };
    stored.member = { ...member, name: texts.name };
    const markupName = await request.put('/api/user/profile', {
      ...m,
      data: {
        name: xss('N'),
        email: member.email,
        mobile: member.mobile,
        dob: member.age,
        gender: member.gender,
      },
    });
    expect(markupName.status()).toBe(400);
    expect((await markupName.json()).message).toBe(
      'Names cannot contain < or >, line breaks or invisible formatting characters.',
    );
    const profile = await request.put('/api/user/profile', {
      ...m,
      data: {
        name: texts.name,
        email: member.email,
        mobile: member.mobile,
        dob: member.age,
        gender: member.gender,
      },
    });
    await ok(profile);
    const userLessons = await ok<{ data: { _id: string }[] }>(
      await request.get('/api/user-lesson', m),
    );
    await ok(
      await request.put(`/api/user-lesson/${userLessons.data[0]!._id}`, {
        ...m,
        data: { feedback: texts.feedback },
      }),
    );
    const post = await ok<{ data: { _id: string } }>(
      await request.post('/api/explore', {
        ...m,
        multipart: {
          title: texts.exploreTitle,
          image: { name: 'x.png', mimeType: 'image/png', buffer: solidPng(32, 32, [9, 9, 9]) },
        },
      }),
    );
    await ok(await request.post(`/api/admin/explore/${post.data._id}/approve`, a));
    await ok(
      await request.post('/api/explore-review', {
        ...m,
        data: { explore_id: post.data._id, review: texts.review },
      }),
    );
    await ok(
      await request.post(`/api/admin/users/${member.user._id}/notifications`, {
        ...a,
        data: { title: texts.notificationTitle, message: texts.notificationMessage },
      }),
    );

    // The member buys the plan with the demo's 100% coupon, asks for a refund, is refused.
    const plans = await ok<{ data: { _id: string; name: string; duration: number }[] }>(
      await request.get('/api/plan'),
    );
    const lifetime = plans.data.find((p) => p.duration !== 0 && p.name !== texts.planName)!;
    const coupon = await ok<{ data: { id: string } }>(
      await request.post('/api/coupon/verify', { ...m, data: { code: 'NOCOST' } }),
    );
    await ok(
      await request.post('/api/user-plan', {
        ...m,
        data: { plan_id: lifetime._id, coupon_id: coupon.data.id, total: 0, sub_total: 0, gst: 0 },
      }),
    );
    const current = await ok<{ data: { _id: string } }>(
      await request.get('/api/user-plan/current', m),
    );
    await ok(
      await request.put('/api/user-plan/request-refund', { ...m, data: { id: current.data._id } }),
    );
    const refunds = await ok<{ data: { _id: string; user: { _id: string } | null }[] }>(
      await request.get('/api/admin/refunds?status=requested&page_size=100', a),
    );
    const refund = refunds.data.find((r) => r.user?._id === member.user._id)!;
    await ok(
      await request.post(`/api/admin/refunds/${refund._id}/reject`, {
        ...a,
        data: { reason: texts.refundReason },
      }),
    );

    // Someone else takes the quiz, giving a hostile name.
    const quiz = await ok<{
      data: { _id: string; questions: { _id: string; options: { _id: string }[] }[] }[];
    }>(await request.get(`/api/quiz/${stored.quizId}`));
    await ok(
      await request.post('/api/quiz/quiz-answer', {
        data: {
          quiz_id: stored.quizId,
          user: { name: texts.quizRegistrant, email: 'quiz@example.com', mobile_no: '9876543210' },
          quiz: quiz.data.map((q) => ({
            _id: q._id,
            answers: q.questions.map((question) => ({
              question: question._id,
              answer: question.options[0]!._id,
            })),
          })),
        },
      }),
    );

    // A second member, who reads what the first one wrote.
    stored.reader = await registerUser(request, {}, { landingTestPoints: 40 });
  });

  test('public pages: blogs, news and media, the quiz', async ({ page }) => {
    const seen = watch(page);

    await openApp(page, '/blog');
    await expectShownAsText(page, texts.blogMeta);
    await expectInert(page, seen);

    await openApp(page, `/blog/${stored.blogId}`);
    await expectShownAsText(page, texts.blogTitle);
    await expect(page.getByText('Safe paragraph')).toBeVisible();
    await expectInert(page, seen);

    await openApp(page, '/new-and-media');
    await expectShownAsText(page, texts.newsTitle);
    await expectShownAsText(page, texts.newsAuthor);
    await expectShownAsText(page, texts.newsTag);
    // The link is an attribute value, never markup: no handler came with it.
    await expect(
      page.getByRole('link', { name: new RegExp(`^Read More`) }).filter({ hasText: 'NW' }),
    ).toHaveAttribute('href', texts.newsLink);
    await expectInert(page, seen);

    await openApp(page, `/quiz/${stored.quizId}`);
    await page.getByLabel('Name').fill(texts.quizRegistrant);
    await page.getByLabel('Email').fill('reader@example.com');
    await page.getByLabel('Mobile Number').fill('9876543210');
    await page.getByRole('button', { name: 'Save & Start Quiz' }).click();
    await expectShownAsText(page, texts.quizTitle);
    await expectShownAsText(page, texts.quizDescription);
    await expectShownAsText(page, texts.quizQuestion);
    await expectShownAsText(page, texts.quizOption);
    await expectInert(page, seen);
  });

  test("a member's pages: dashboard, Explore, live sessions, plans, an exercise", async ({
    page,
  }) => {
    const seen = watch(page);
    // The writer sees their own name, lesson, notification and refused refund.
    await signIn(page, stored.member);
    await openApp(page, '/dashboard');
    await expectShownAsText(page, texts.name);
    await expectInert(page, seen);

    await page.getByRole('button', { name: 'Notifications' }).click();
    await expectShownAsText(page, texts.notificationTitle);
    await expectShownAsText(page, texts.notificationMessage);
    await expectInert(page, seen);

    await openApp(page, '/plans');
    await expectShownAsText(page, texts.refundReason);
    await expectInert(page, seen);

    // Another member reads the first one's post, review and name, and the operators' content.
    await signIn(page, stored.reader);
    await openApp(page, '/dashboard');
    await expect(page.getByText(texts.lessonTitle).first()).toBeAttached();
    await expectInert(page, seen);

    await openApp(page, '/explore');
    await expectShownAsText(page, texts.exploreTitle);
    await expectShownAsText(page, texts.review);
    await expectShownAsText(page, texts.name);
    await expectInert(page, seen);

    await openApp(page, '/live-session');
    await expectShownAsText(page, texts.liveTitle);
    await expectShownAsText(page, texts.liveHost);
    await expect(page.getByText('Safe paragraph').first()).toBeVisible();
    await expectInert(page, seen);

    await openApp(page, '/plans');
    await expectShownAsText(page, texts.planName);
    await expectShownAsText(page, texts.planFeature);
    await expectInert(page, seen);

    await openApp(page, `/user/xss-${run}`);
    await expectShownAsText(page, texts.exerciseQuestion);
    await expectShownAsText(page, texts.exerciseOption);
    await expectInert(page, seen);
  });

  test("the operators' console shows members' text as text", async ({ page, request }) => {
    const seen = watch(page);
    await signIn(page, stored.admin);
    const pages: [string, string, ((page: Page) => Promise<void>)?][] = [
      ['/admin/feedback', texts.feedback],
      [
        '/admin/users',
        texts.name,
        async (p) => {
          await p.getByLabel('Find users').fill(stored.member.email);
          await p.getByLabel('Find users').press('Enter');
        },
      ],
      ['/admin/explore', texts.exploreTitle, (p) => choose(p, 'Approved')],
      ['/admin/refunds', texts.refundReason, (p) => choose(p, 'Rejected')],
      ['/admin/lessons', texts.lessonTitle],
      ['/admin/live-sessions', texts.liveTitle],
      ['/admin/quizzes', xss('QS')],
      ['/admin/blogs', texts.blogTitle],
      ['/admin/news', texts.newsTitle],
      ['/admin/plans', texts.planName],
      // The audit log shows the before and after of every write above, payloads included.
      ['/admin/audit', 'onerror'],
    ];
    for (const [path, text, act] of pages) {
      await page.goto(path);
      await expect(page.getByTestId('splash')).toBeHidden();
      await act?.(page);
      await expect(page.getByText(text, { exact: false }).first(), path).toBeAttached();
      await expectInert(page, seen);
    }

    // The quiz registrations leave as a CSV download, the hostile name as inert, quoted text.
    const csv = await request.get(`/api/admin/quizzes/${stored.quizId}/registrations.csv`, {
      headers: auth(stored.admin.token),
    });
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers()['content-disposition']).toMatch(/^attachment/);
    expect(await csv.text()).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")`);
  });

  test.afterAll(async ({ request }) => {
    if (!stored.admin) return;
    const a = { headers: auth(stored.admin.token) };
    // Leave the catalogues as the other journeys expect them.
    if (stored.lessonId) await request.delete(`/api/admin/lessons/${stored.lessonId}`, a);
    if (stored.questionId) await request.delete(`/api/admin/questions/${stored.questionId}`, a);
    if (stored.blogId) await request.delete(`/api/admin/blogs/${stored.blogId}`, a);
    if (stored.newsId) await request.delete(`/api/admin/news/${stored.newsId}`, a);
    if (stored.planId) {
      await request.put(`/api/admin/plans/${stored.planId}`, { ...a, data: { active: false } });
    }
    if (stored.liveSessionId) {
      await request.put(`/api/admin/live-sessions/${stored.liveSessionId}`, {
        ...a,
        data: { active: false },
      });
    }
  });
});
