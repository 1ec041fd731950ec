// The demo programme: SIM test statements, exercises and lessons. Plain data, so it can be read
// (and checked by a test) without a database.

/** The five-point agreement scale every SIM statement is answered on (1 to 5 points). */
export const AGREEMENT_SCALE = [
  'Strongly Disagree',
  'Disagree',
  'Neutral',
  'Agree',
  'Strongly Agree',
] as const;

/**
 * 50 statements per event, agreement meaning a stronger pull of smoking. Event 0 (the landing
 * test) measures dependence and habits, event 1 (the second test) the situations and feelings
 * that trigger smoking, event 2 (after the premium programme) what still holds the user back.
 */
export const SIM_STATEMENTS: Record<0 | 1 | 2, readonly string[]> = {
  0: [
    'I smoke my first cigarette within 30 minutes of waking up.',
    'I find it hard not to smoke in places where smoking is not allowed.',
    'The first cigarette of the morning is the one I would hate most to give up.',
    'I smoke more in the first hours after waking than during the rest of the day.',
    'I smoke even when I am so ill that I stay in bed most of the day.',
    'I smoke more than ten cigarettes or bidis on a typical day.',
    'I feel restless or irritable when I have not smoked for a few hours.',
    'I have tried to cut down on smoking and found that I could not.',
    'I plan my day so that I am never far from cigarettes.',
    'I feel anxious when I am running low on cigarettes.',
    'I light up without really thinking about it.',
    'I often find a cigarette in my hand without remembering deciding to smoke.',
    'I smoke more on days when I am under pressure.',
    'I find it difficult to concentrate when I have not smoked for a while.',
    'I have smoked for more than five years.',
    'I step out of work or family events to smoke.',
    'I smoke even when I know it upsets someone close to me.',
    'I have kept smoking after a doctor advised me to stop.',
    'I wake up at night and smoke.',
    'I get strong cravings within an hour of my last cigarette.',
    'I feel that smoking is part of who I am.',
    'I keep a spare pack in case I run out.',
    'I have gone out late at night just to buy cigarettes.',
    'I smoke more when I drink alcohol.',
    'I find it hard to get through a long journey without smoking.',
    'I feel a sense of relief the moment I light up.',
    'I smoke even when I do not particularly enjoy the cigarette.',
    'I have tried to quit and started again within a month.',
    'I spend more on tobacco than I would like to admit.',
    'I hide how much I smoke from family or friends.',
    'I feel low when I try to go without smoking.',
    'I smoke to keep my weight or appetite under control.',
    'I feel I need a cigarette before I can start my work.',
    'I use other tobacco too, such as bidis, gutkha or hookah.',
    'I worry about what smoking does to my health, but I keep smoking.',
    'I find the smell of other people’s smoke tempting.',
    'I smoke immediately after meals.',
    'I get headaches or feel unwell when I cannot smoke.',
    'I believe I could not quit without help.',
    'I smoke more on weekends and holidays.',
    'I smoke each cigarette down to the filter.',
    'I inhale deeply when I smoke.',
    'On many days I smoke more than I intended to.',
    'I reach for a cigarette when I feel bored.',
    'I feel uncomfortable in homes or cars where I cannot smoke.',
    'I have given up activities I enjoy because I could not smoke there.',
    'I think about my next cigarette while I am still smoking one.',
    'I smoke when I feel tired, to get going again.',
    'Days without smoking feel much longer than normal days.',
    'I would find it very hard to stop smoking for a whole week.',
  ],
  1: [
    'I want to smoke as soon as I have my morning tea or coffee.',
    'I feel the urge to smoke when I see someone else smoking.',
    'Arguments or tension at home make me reach for a cigarette.',
    'A deadline at work makes me want to smoke.',
    'I smoke while talking on the phone.',
    'I smoke while driving or riding to work.',
    'I want to smoke while I wait for a bus, a train or a friend.',
    'Smoking breaks are how I socialise with colleagues.',
    'I smoke more when I am with friends who smoke.',
    'I feel like smoking after finishing a task.',
    'I smoke to calm down after bad news.',
    'I smoke to celebrate good news.',
    'I smoke when I feel lonely.',
    'I crave a cigarette when I pass the shop where I usually buy them.',
    'I smoke when I cannot sleep.',
    'I smoke while scrolling on my phone or watching TV.',
    'I smoke when I feel angry.',
    'I smoke when I feel sad.',
    'I smoke to take a break from family responsibilities.',
    'I smoke when I am stuck in traffic.',
    'I crave a cigarette when I smell tobacco smoke.',
    'I smoke more at weddings, parties and festivals.',
    'I smoke when I have chai with friends.',
    'Paan shops and tea stalls remind me to smoke.',
    'I smoke to give my hands something to do.',
    'I smoke when I need to think through a problem.',
    'I smoke when I feel nervous before meeting someone.',
    'I smoke when I feel I have earned a reward.',
    'I smoke during long phone or video calls.',
    'I smoke while studying or reading.',
    'I light up as soon as I leave the office.',
    'I smoke when I feel frustrated with my job.',
    'I smoke while I wait for results or news.',
    'I smoke more when I am travelling.',
    'I reach for a cigarette when I feel hungry.',
    'I smoke when I am in pain or physically uncomfortable.',
    'I smoke when I want to be alone for a few minutes.',
    'I smoke when someone offers me a cigarette, even if I had not planned to.',
    'I smoke to stay awake on late nights.',
    'I smoke to fit in with a group.',
    'I smoke more during exams or appraisals.',
    'I smoke right before going to bed.',
    'I smoke while watching cricket or other matches.',
    'I smoke after a heavy or spicy meal.',
    'I smoke when I am worried about money.',
    'I smoke when I have nothing planned for the evening.',
    'I smoke when I feel rushed.',
    'I feel the urge to smoke when I see smoking in a film or advertisement.',
    'I smoke when I am unsure what to do next.',
    'I smoke when I step outside for fresh air.',
  ],
  2: [
    'I still think a cigarette helps me relax.',
    'I still believe smoking helps me concentrate.',
    'I feel I am missing out when others smoke around me.',
    'I think one cigarette now and then would do no harm.',
    'I find it hard to say no when a friend offers me a cigarette.',
    'I still carry a lighter or matches with me.',
    'Cravings still take me by surprise.',
    'I still keep cigarettes at home or at work.',
    'I feel that stress is easier to handle with a cigarette.',
    'My day does not feel complete without smoking.',
    'I think about smoking several times a day.',
    'I dream about smoking.',
    'I feel I have lost a friend since cutting down.',
    'I still go to the places where I used to smoke.',
    'I find it hard to use the breathing exercise when a craving hits.',
    'I forget to wait ten minutes before giving in to a craving.',
    'I find it hard to tell people that I am quitting.',
    'I feel embarrassed asking for support.',
    'I still spend time with friends mainly while they smoke.',
    'I feel irritable more often than before I cut down.',
    'I eat more to make up for not smoking.',
    'I believe I will always be a smoker at heart.',
    'I doubt that I can stay smoke-free for a month.',
    'I worry that I will fail if I try to quit completely.',
    'I feel that quitting is taking too long.',
    'I have smoked after drinking alcohol since starting the programme.',
    'I still smoke with my morning tea or coffee.',
    'I still smoke after meals.',
    'I still smoke on the way to or from work.',
    'I still feel the urge to smoke when I see others smoking.',
    'I find weekends harder than weekdays.',
    'Evenings are still the hardest time of my day.',
    'I have not yet set a quit date.',
    'I have not told my family about my plan to quit.',
    'I still buy cigarettes by the pack.',
    'I have not found something new to do in my old smoking breaks.',
    'I feel that nicotine gum or patches would not help me.',
    'I have not spoken to a doctor about quitting.',
    'The money I would save is not a strong reason for me to quit.',
    'I find it hard to picture my life without smoking.',
    'A single slip makes me feel like giving up the whole plan.',
    'I still think my smoking harms no one but me.',
    'I have not noticed my breathing improve since cutting down.',
    'I find it hard to notice what triggers my cravings.',
    'I still smoke when I feel bored.',
    'I still smoke when I feel stressed.',
    'I find it hard to keep the promises I made in the exercises.',
    'I rarely ask family or friends to help me avoid smoking.',
    'I feel tempted to smoke when I am alone.',
    'I would find it hard to stay smoke-free if a close friend offered me a cigarette.',
  ],
};

export type SeedQuestion =
  | { type: 'radio'; question: string }
  | { type: 'checkbox'; question: string; choices: readonly string[] }
  | { type: 'textarea'; question: string };

/**
 * Exercise routes (the web app opens them at /user/{route} and inside lessons). Radio questions
 * use the agreement scale; checkbox choices are worth a point each; text is free.
 */
export const EXERCISES: Record<string, readonly SeedQuestion[]> = {
  'sim-exercise-1': [
    { type: 'radio', question: 'Smoking helps me handle stress.' },
    {
      type: 'checkbox',
      question: 'When do you usually smoke? Choose all that apply.',
      choices: [
        'With morning tea or coffee',
        'After meals',
        'During work breaks',
        'While driving or commuting',
        'With friends',
        'Before sleeping',
      ],
    },
    {
      type: 'textarea',
      question: 'Describe the cigarette you would find hardest to give up, and why.',
    },
  ],
  'sim-exercise-2': [
    {
      type: 'checkbox',
      question: 'Which feelings make you reach for a cigarette?',
      choices: ['Stress', 'Boredom', 'Loneliness', 'Anger', 'Celebration', 'Tiredness'],
    },
    { type: 'radio', question: 'I can usually tell when a craving is about to start.' },
    { type: 'textarea', question: 'Write down one trigger you will avoid this week, and how.' },
  ],
  'day-1-reflection': [
    { type: 'radio', question: 'I am ready to change my smoking habit.' },
    { type: 'textarea', question: 'What are your three biggest reasons for quitting?' },
  ],
  'craving-plan': [
    {
      type: 'checkbox',
      question: 'Which of these will you try when a craving hits?',
      choices: [
        'Drink a glass of water',
        'Take ten slow breaths',
        'Go for a short walk',
        'Call or message a friend',
        'Chew sugar-free gum',
        'Wait ten minutes',
      ],
    },
    { type: 'radio', question: 'A craving passes within a few minutes if I do not smoke.' },
    { type: 'textarea', question: 'Write your plan for the hardest craving of your day.' },
  ],
  'support-circle': [
    { type: 'textarea', question: 'Who will you tell about your plan to quit?' },
    { type: 'radio', question: 'I feel comfortable asking for help when I need it.' },
    {
      type: 'checkbox',
      question: 'How would you like the people close to you to help?',
      choices: [
        'Check in with me every day',
        'Do not smoke around me',
        'Distract me when I am irritable',
        'Celebrate my milestones with me',
      ],
    },
  ],
  'quit-commitment': [
    { type: 'radio', question: 'I am confident I can stay smoke-free.' },
    {
      type: 'textarea',
      question: 'Write a short promise to yourself for your first smoke-free month.',
    },
  ],
};

export type SeedLesson = {
  /** Stable handle; also the media file name (`media/{slug}.mp4` and `.jpg`). */
  slug: string;
  title: string;
  content: string;
  day: number;
  videoOrder: number;
  /** Seconds; equal to the video's length (checked by a test). */
  totalDuration: number;
  type: 'free' | 'score_explanation' | 'paid';
  /** The exercise opened after the lesson is viewed. */
  route?: string;
  /** In-video exercises. */
  exercises?: { time: number; route: string }[];
};

/**
 * The free track: three short lessons on day 1, then the score explanation, which the server
 * only lets a user complete from step 3 on. The roadmap's "Watch All 7 Videos" is a paid step
 * (spec §6), so it names the premium programme: seven days, each with a lesson and a practice.
 */
export const LESSONS: readonly SeedLesson[] = [
  {
    slug: 'free-1',
    title: 'Why we smoke',
    content:
      'Smoking is a habit loop of trigger, routine and reward. Learn which part of the loop keeps you lighting up.',
    day: 1,
    videoOrder: 1,
    totalDuration: 18,
    type: 'free',
    exercises: [{ time: 5, route: 'sim-exercise-1' }],
  },
  {
    slug: 'free-2',
    title: 'Know your triggers',
    content:
      'Tea, stress, friends, the walk after lunch: find the moments that pull you towards a cigarette.',
    day: 1,
    videoOrder: 2,
    totalDuration: 18,
    type: 'free',
    route: 'sim-exercise-2',
  },
  {
    slug: 'free-3',
    title: 'Small steps that work',
    content:
      'Delay the first cigarette, skip one routine, and notice how the craving fades. Then take SIM Test 2.',
    day: 1,
    videoOrder: 3,
    totalDuration: 16,
    type: 'free',
  },
  {
    slug: 'score',
    title: 'Understanding your SIM score',
    content:
      'What your score out of 250 says about your smoking, and how the programme helps you raise it.',
    day: 1,
    videoOrder: 4,
    totalDuration: 20,
    type: 'score_explanation',
  },
  ...(
    [
      [
        'Your reasons to quit',
        'Writing your reasons down',
        'Health, family, money, freedom: name the reasons that matter to you.',
        'Put your reasons on paper and keep them where you smoke most.',
      ],
      [
        'How nicotine hooks you',
        'Tracking every cigarette',
        'Why the first puff feels like relief, and why that relief is the addiction itself.',
        'Note the time, place and feeling of every cigarette today.',
      ],
      [
        'Riding out a craving',
        'The ten-breath pause',
        'A craving peaks and passes within minutes. Learn to wait it out.',
        'Practise ten slow breaths whenever the urge arrives.',
      ],
      [
        'Tea without a cigarette',
        'New routines for old triggers',
        'Break the link between your chai and your cigarette.',
        'Swap each smoking routine for something you enjoy.',
      ],
      [
        'Stress without smoking',
        'Building your support circle',
        'Smoking does not remove stress; it adds withdrawal. Better ways to calm down.',
        'Choose the people who will support you, and tell them how.',
      ],
      [
        'Handling a slip',
        'Your high-risk situations',
        'One cigarette is a slip, not a failure. How to get straight back on track.',
        'Plan ahead for parties, travel and hard days.',
      ],
      [
        'Your smoke-free life',
        'Your quit-day promise',
        'What changes in your body and your days once you stop.',
        'Make a promise for your first smoke-free month, then join the live session.',
      ],
    ] as const
  ).flatMap(([title, practice, content, practiceContent], index): SeedLesson[] => {
    const day = index + 1;
    const lesson: SeedLesson = {
      slug: `day-${day}-a`,
      title,
      content,
      day,
      videoOrder: 1,
      totalDuration: 20,
      type: 'paid',
    };
    const drill: SeedLesson = {
      slug: `day-${day}-b`,
      title: practice,
      content: practiceContent,
      day,
      videoOrder: 2,
      totalDuration: 16,
      type: 'paid',
    };
    if (day === 1) lesson.exercises = [{ time: 5, route: 'day-1-reflection' }];
    if (day === 3) lesson.route = 'craving-plan';
    if (day === 5) drill.route = 'support-circle';
    if (day === 7) drill.exercises = [{ time: 5, route: 'quit-commitment' }];
    return [lesson, drill];
  }),
];
