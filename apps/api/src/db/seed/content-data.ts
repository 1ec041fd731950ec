// Demo blog posts, news items and the featured quiz for a fresh install. Plain facts about
// smoking and quitting in India; the news items are about Exhale itself and link to its own
// (example) press pages rather than inventing stories for real publications.

export interface SeedBlog {
  slug: string;
  title: string;
  metaTitle: string;
  metaDescription: string;
  /** Days before the seed ran that the post was published. */
  daysAgo: number;
  /** Two colours for the generated cover picture. */
  colours: [string, string];
  content: string;
}

export const SEED_BLOGS: SeedBlog[] = [
  {
    slug: 'chai-without-the-cigarette',
    title: 'Chai without the cigarette: breaking the tapri habit',
    metaTitle: 'How to enjoy chai without a cigarette',
    metaDescription:
      'For many of us the cutting chai and the cigarette come as a pair. Here is how to keep the chai and lose the smoke.',
    daysAgo: 3,
    colours: ['#0f766e', '#f59e0b'],
    content: `<p>For millions of smokers in India the day has a rhythm: a cutting chai at the tapri, a cigarette with it, and a few minutes of talk with friends. The tea is not the problem. The problem is that your brain has learned to expect nicotine every time it smells cardamom and boiling milk.</p>
<h2>Why the pairing is so strong</h2>
<p>Habits are built from cues. When the same drink, the same place and the same people show up together every day, the craving arrives before you have even decided to smoke. That is why the first chai of a smoke-free day often feels like the hardest moment.</p>
<h2>Five ways to keep the chai and drop the smoke</h2>
<ul>
<li><strong>Change the place for two weeks.</strong> Have your tea at your desk or at home instead of the tapri where you always smoke.</li>
<li><strong>Change the hand.</strong> Hold the glass in the hand that used to hold the cigarette.</li>
<li><strong>Add something to chew.</strong> Saunf, elaichi or a few roasted chana keep the mouth busy.</li>
<li><strong>Tell your chai friends.</strong> Most people will happily stop offering once they know you are quitting.</li>
<li><strong>Wait out the craving.</strong> A craving usually passes in a few minutes. Sip slowly and let it go by.</li>
</ul>
<p>After two or three weeks of chai without a cigarette, the link starts to fade. Many people tell us the tea even tastes better once the smoke is gone.</p>`,
  },
  {
    slug: 'bidis-are-not-safer',
    title: 'Bidis are not a safer smoke',
    metaTitle: 'Are bidis safer than cigarettes?',
    metaDescription:
      'Bidis are small, cheap and hand-rolled, so many people think they are milder. The evidence says otherwise.',
    daysAgo: 9,
    colours: ['#7c2d12', '#fbbf24'],
    content: `<p>Bidis are the most widely smoked form of tobacco in India. Because they are thin, cheap and wrapped in a tendu leaf, many smokers believe they are a lighter choice than cigarettes. They are not.</p>
<h2>What makes a bidi harmful</h2>
<ul>
<li>A bidi goes out easily, so smokers draw on it harder and more often, pulling more smoke deep into the lungs.</li>
<li>It has no filter, so tar and carbon monoxide reach the lungs directly.</li>
<li>Bidi smoking is linked to the same diseases as cigarettes: cancers of the mouth, throat and lungs, heart disease and tuberculosis complications.</li>
</ul>
<h2>Switching is not quitting</h2>
<p>Moving from cigarettes to bidis, or from bidis to "just a few" cigarettes, keeps the nicotine habit alive. The only change that protects your health is stopping completely. The good news: the same plan works whatever you smoke. Take the free SIM test to see how strong your dependence is and where to start.</p>`,
  },
  {
    slug: 'what-quitting-saves-in-rupees',
    title: 'What quitting saves you, in rupees',
    metaTitle: 'How much money you save when you stop smoking',
    metaDescription:
      'Ten cigarettes a day costs more than most people think. Do the sum once and you will never look at a packet the same way.',
    daysAgo: 16,
    colours: ['#166534', '#a3e635'],
    content: `<p>Most smokers know roughly what a packet costs. Very few have added it up over a year.</p>
<h2>Do the sum</h2>
<p>Say you smoke 10 cigarettes a day at about ₹15 each. That is ₹150 a day, ₹4,500 a month and about <strong>₹54,750 a year</strong>. Over five years it comes to more than ₹2.7 lakh, before any doctor's bills.</p>
<ul>
<li>A two-wheeler down payment.</li>
<li>A year of school fees for a child.</li>
<li>A family holiday every single year.</li>
</ul>
<h2>Make the savings visible</h2>
<p>Put the money you would have spent into a separate savings account or a piggy bank every day. Watching the balance grow is a powerful reward, especially in the first weeks when cravings are strongest. Decide now what you will buy with the first ₹10,000 you save.</p>`,
  },
  {
    slug: 'quitting-for-your-family',
    title: 'Quitting for your family, and with them',
    metaTitle: 'How your family can help you quit smoking',
    metaDescription:
      'Second-hand smoke reaches everyone at home. Here is how to bring your family into your quit plan.',
    daysAgo: 24,
    colours: ['#1e3a8a', '#f472b6'],
    content: `<p>Ask people why they want to quit and the answer is very often a person: a child who asked them to stop, a parent who fell ill, a partner who worries.</p>
<h2>Second-hand smoke is real smoke</h2>
<p>Smoke from a cigarette or bidi does not stay on the balcony. It reaches children and elders in the house, who breathe it without any choice. Quitting protects them as much as it protects you.</p>
<h2>Let them help</h2>
<ul>
<li>Tell your family the date you are stopping, and why.</li>
<li>Ask them not to shout or plead when you slip. A calm "try again tomorrow" works better.</li>
<li>Give one person the job of celebrating each smoke-free week with you.</li>
<li>If a family member also smokes, quit together and compare notes every evening.</li>
</ul>
<p>Family members who do not smoke can use our guide for non-smokers to understand what you are going through.</p>`,
  },
  {
    slug: 'your-first-smoke-free-week',
    title: 'Your first smoke-free week, day by day',
    metaTitle: 'What to expect in the first week after quitting',
    metaDescription:
      'The first seven days are the toughest. Knowing what is normal makes them much easier to get through.',
    daysAgo: 31,
    colours: ['#4c1d95', '#22d3ee'],
    content: `<p>Within hours of your last cigarette your body starts to recover: your heart rate settles and carbon monoxide starts leaving your blood. Your mind, though, will ask loudly for nicotine. Here is what the first week usually looks like.</p>
<h2>Days 1 to 3</h2>
<p>Withdrawal usually peaks now. Irritability, restlessness and poor sleep are common and normal. Drink plenty of water, keep meals regular and avoid alcohol, which weakens your resolve.</p>
<h2>Days 4 to 7</h2>
<p>The physical symptoms start to ease, but habit cravings remain: after meals, with chai, under stress. Plan a replacement for each trigger, such as a short walk after lunch or deep breathing before a difficult call.</p>
<h2>If you slip</h2>
<p>One cigarette does not undo your progress. Note what triggered it, throw the rest away and carry on. Most people who quit for good needed more than one attempt.</p>`,
  },
];

export interface SeedNews {
  title: string;
  author: string;
  tag: string | null;
  daysAgo: number;
  colours: [string, string];
  link: string;
  description: string;
}

export const SEED_NEWS: SeedNews[] = [
  {
    title: 'Exhale opens its quit-smoking programme in Hindi',
    author: 'Exhale Newsroom',
    tag: 'Product',
    daysAgo: 2,
    colours: ['#0f766e', '#5eead4'],
    link: 'https://exhale.example/press/programme-in-hindi',
    description:
      '<p>Every lesson, exercise and message of the programme is now available in Hindi, so more smokers can follow it in the language they think in.</p>',
  },
  {
    title: 'Free workplace sessions for World No Tobacco Day',
    author: 'Meera Nair',
    tag: 'Event',
    daysAgo: 11,
    colours: ['#9a3412', '#fdba74'],
    link: 'https://exhale.example/press/world-no-tobacco-day',
    description:
      '<p>Companies in Bengaluru, Pune and Hyderabad can book a free one-hour session for their teams on <strong>31 May</strong>, World No Tobacco Day.</p>',
  },
  {
    title: 'What 1,000 smokers told us about chai breaks',
    author: 'Rahul Menon',
    tag: 'Research',
    daysAgo: 19,
    colours: ['#1e40af', '#93c5fd'],
    link: 'https://exhale.example/press/chai-break-survey',
    description:
      '<p>Our survey of programme members found that the tea break is the most common trigger for the first cigarette of the day, ahead of waking up and travel.</p>',
  },
  {
    title: 'Doctors join Exhale to guide patients who want to quit',
    author: 'Exhale Newsroom',
    tag: 'Partnership',
    daysAgo: 27,
    colours: ['#065f46', '#6ee7b7'],
    link: 'https://exhale.example/press/doctors-network',
    description:
      '<p>A network of physicians now recommends the programme to patients and follows their progress through the doctors\u2019 workshop.</p>',
  },
  {
    title: 'Schools programme reaches its first 50 classrooms',
    author: 'Ananya Iyer',
    tag: null,
    daysAgo: 38,
    colours: ['#6b21a8', '#d8b4fe'],
    link: 'https://exhale.example/press/schools-programme',
    description:
      '<p>Students learn how tobacco companies target young people and how to say no, through short videos and class discussions.</p>',
  },
  {
    title: 'Members have stayed smoke-free for 10,000 days in total',
    author: 'Exhale Newsroom',
    tag: 'Community',
    daysAgo: 52,
    colours: ['#b45309', '#fde68a'],
    link: 'https://exhale.example/press/ten-thousand-days',
    description:
      '<p>The community passed a shared milestone this month. Members shared their stories and their savings on the Explore feed.</p>',
  },
];

export interface SeedQuizQuestion {
  question: string;
  options: string[];
  /** Index of the correct option. */
  correct: number;
}

export interface SeedQuiz {
  title: string;
  description: string;
  questions: SeedQuizQuestion[];
}

export const SEED_QUIZ_SET = {
  title: 'Smoking facts quiz',
  description: 'Three short quizzes on what smoking does and what quitting brings.',
};

export const SEED_QUIZZES: SeedQuiz[] = [
  {
    title: 'Smoking and your body',
    description: 'How tobacco smoke affects you, and how fast your body starts to recover.',
    questions: [
      {
        question: 'Which substance in tobacco makes smoking addictive?',
        options: ['Nicotine', 'Tar', 'Caffeine', 'Sugar'],
        correct: 0,
      },
      {
        question: 'Which gas in cigarette smoke reduces the oxygen your blood can carry?',
        options: ['Nitrogen', 'Carbon monoxide', 'Oxygen', 'Helium'],
        correct: 1,
      },
      {
        question: 'How soon after the last cigarette does the heart rate start to come down?',
        options: ['About 20 minutes', 'About a week', 'About a month', 'About a year'],
        correct: 0,
      },
      {
        question:
          'About how long after quitting is the added risk of heart disease half that of a smoker?',
        options: ['1 year', '10 years', '25 years', 'It never falls'],
        correct: 0,
      },
    ],
  },
  {
    title: 'Tobacco in India',
    description: 'Bidis, the law and what a daily habit costs.',
    questions: [
      {
        question: 'Are bidis a safer choice than cigarettes?',
        options: [
          'Yes, because they are smaller',
          'No, they are at least as harmful',
          'Yes, because they are hand-rolled',
        ],
        correct: 1,
      },
      {
        question: 'Under Indian law (COTPA, 2003), smoking in public places is…',
        options: ['Allowed everywhere', 'Prohibited', 'Allowed only at night'],
        correct: 1,
      },
      {
        question:
          'At 10 cigarettes a day and ₹15 a cigarette, about how much does a smoker spend in a year?',
        options: ['About ₹5,500', 'About ₹55,000', 'About ₹5,50,000'],
        correct: 1,
      },
    ],
  },
  {
    title: 'Quitting for good',
    description: 'Cravings, withdrawal and why it is never too late.',
    questions: [
      {
        question: 'How long does a typical craving last?',
        options: ['A few minutes', 'A whole day', 'About a week'],
        correct: 0,
      },
      {
        question: 'When do nicotine withdrawal symptoms usually peak?',
        options: ['In the first few days', 'After six months', 'After a year'],
        correct: 0,
      },
      {
        question: 'Which of these helps most when a craving hits?',
        options: [
          'Having just one cigarette',
          'Drinking water and waiting a few minutes',
          'Skipping your next meal',
        ],
        correct: 1,
      },
      {
        question: 'Is it worth quitting after many years of smoking?',
        options: [
          'No, the damage is done',
          'Yes, quitting at any age brings health benefits',
          'Only before the age of 40',
        ],
        correct: 1,
      },
    ],
  },
];
