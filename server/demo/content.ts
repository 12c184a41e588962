/**
 * Demo news articles and tutorials (issue 11): real-looking Markdown articles of every news
 * category, and tutorials of every category and difficulty, video and written. Dates are offsets
 * (days) from the seed. The rows are built in seed.ts (with their generated images) and stored here.
 */
import type { Db } from '../db/client';
import { news, tutorials } from '../db/schema';
import type { Scene } from './art';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DemoArticle {
  title: string;
  excerpt: string;
  /** Markdown (GFM). */
  content: string;
  category: 'News' | 'Reviews' | 'Tips' | 'Events';
  /** Omitted: the product's own name (the API's default). */
  source?: string;
  readTime: string;
  days: number;
  scene: Scene;
  tag: string;
}

export const NEWS: DemoArticle[] = [
  {
    title: 'Operation Northwind Opens Registration',
    excerpt:
      'The Fraser Valley 30-hour milsim is back, with a night phase, limited respawns and room for 150 players.',
    content: `Registration is open for **Operation Northwind**, the 30-hour woodland milsim hosted near Abbotsford, BC. This year's scenario pits two factions against each other over a river valley, with a live command structure and a supply system that rewards teams who plan ahead.

## What is new this year

- A **night phase** with tracer-only engagements between midnight and 4 am
- **Limited respawns**: medics and casualty collection finally matter
- A supply drop every six hours, claimed by whoever holds the landing zone

## Timeline

| When | What |
| --- | --- |
| Friday 6 pm | Kit check and chrono open |
| Saturday 7:30 am | Last check-in |
| Saturday 9 am | Game on |
| Sunday 3 pm | Endex and awards |

Spots are capped at 150 players and half of them are already reserved by teams. If you are new to milsim, the Northern Vipers are running a prep night two weeks before the event covering packing, radios and sleep systems. Read our [24-hour packing guide](/) before you go.`,
    category: 'Events',
    readTime: '3 min',
    days: 1,
    scene: 'forest',
    tag: 'Events',
  },
  {
    title: 'Budget HPA Engines: a Hands-On Comparison',
    excerpt:
      'We put three entry-level HPA engines through a month of speedsoft and woodland games. Here is what held up.',
    content: `HPA used to be the expensive upgrade only tournament players could justify. That has changed: entry-level engines now cost about the same as a good AEG gearbox rebuild, and they are far easier to tune.

## How we tested

We installed three budget engines in identical M4 platforms and played a month of arena speedsoft and woodland games with them. Every engine ran from the same tank and regulator at 110 psi.

| Engine | Chrono spread (20 shots) | Trigger response | Tuning |
| --- | --- | --- | --- |
| Engine A | ±3 fps | Crisp | Phone app |
| Engine B | ±5 fps | Crisp | Programming card |
| Engine C | ±4 fps | Slight delay | Trigger menu |

## Our pick

All three were consistent and quieter than the AEGs they replaced. **Our pick for most players is the engine with the simplest programming app**, not the fastest one: being able to adjust dwell and rate of fire at the field, with a phone, matters more than a few milliseconds of trigger response.

> Budget an extra 150 dollars for a tank, regulator and line, and remember that the first fill-up trip to a dive shop takes longer than you think.`,
    category: 'Reviews',
    source: 'Tactical Times',
    readTime: '6 min',
    days: 4,
    scene: 'speedsoft',
    tag: 'Review',
  },
  {
    title: 'Five Habits That Make You a Better Teammate',
    excerpt:
      'Winning games is mostly about communication, not about the rifle. Five small habits that make a big difference.',
    content: `The players everyone wants on their team are rarely the ones with the most expensive gear. They are the ones who make the game better for everyone around them.

1. **Call your hits** loudly and raise your hand. Clear hit calling keeps games fair and prevents the arguments that ruin an afternoon.
2. **Talk**: say where you are going, what you can see and when you are out of ammunition. Short, specific calls ("two players, left bunker, low") beat long descriptions.
3. **Learn the channel plan** before the game starts if your team uses radios.
4. **Move with a buddy**, and bring spare water for someone who forgot theirs.
5. **Help reset the field** after the last round.

None of these cost a thing, and all of them will get you invited back.`,
    category: 'Tips',
    readTime: '4 min',
    days: 7,
    scene: 'fort',
    tag: 'Tips',
  },
  {
    title: 'Keeping Your Gas Pistol Happy in Cold Weather',
    excerpt:
      'Green gas and cold mornings do not mix. How to keep your GBB cycling when the temperature drops.',
    content: `Gas blowback pistols depend on gas pressure, and gas pressure drops quickly with temperature. Below about 10 °C many pistols start to short-stroke, and below freezing some barely cycle at all.

## At the field

- Keep your magazines in an inside pocket against your body until you need them.
- Rotate between two or three magazines so each has time to warm back up.
- A higher-pressure gas helps, but check your field's rules and your pistol's manual first: not every slide and nozzle is built for it.

## After the game

Let everything warm up slowly before you store it, wipe off condensation, and put a drop of *silicone* oil on the magazine seals. Dry seals are the most common reason a magazine leaks at the start of spring.`,
    category: 'Tips',
    source: 'BB Wire',
    readTime: '5 min',
    days: 11,
    scene: 'snow',
    tag: 'Tips',
  },
  {
    title: 'Community Fields Report Record Turnout',
    excerpt:
      'Fields across Canada and the US report their busiest season yet, with more new players than ever.',
    content: `Fields from British Columbia to Florida report record attendance this season, driven by new players and by the growth of organized events. Several Canadian fields added extra game days to keep up with demand, and two new indoor CQB venues opened in Ontario.

Organizers say the biggest change is the number of first-time players arriving with friends rather than on their own. Rental programs and orientation days have become the main way fields welcome them, and most now run a short safety briefing before every game.

## Staying safe as we grow

- Chrono every gun, every game day
- Respect minimum engagement distances
- Keep eye protection on in the game zone, always

The community has grown because it is welcoming and safe, and keeping it that way is everyone's job.`,
    category: 'News',
    readTime: '4 min',
    days: 15,
    scene: 'sunset',
    tag: 'News',
  },
  {
    title: 'Mesh or Full-Seal? A Season-Long Goggle Test',
    excerpt:
      'We wore mesh, single-pane and dual-pane anti-fog goggles through a full season. The results may surprise you.',
    content: `Eye protection is the one piece of gear nobody should compromise on, so we spent a season wearing three styles side by side.

| Style | Fogging | Contrast in woodland | Allowed everywhere |
| --- | --- | --- | --- |
| Steel mesh | Never | Reduced | ~~Yes~~ No: check your field |
| Single-pane | Within minutes on humid days | Good | Yes |
| Dual-pane with fan | Never in our test | Good | Yes |

**Dual-pane thermal lenses with a small fan were the clear winner**, staying clear through every game and holding up to close-range hits.

Whatever you choose:

- [x] make sure your goggles carry an impact rating
- [x] fit them with your helmet or cap before game day
- [ ] replace them after any heavy hit that leaves a mark on the lens`,
    category: 'Reviews',
    source: 'Field Notes Magazine',
    readTime: '6 min',
    days: 20,
    scene: 'forest',
    tag: 'Review',
  },
];

export interface DemoTutorial {
  title: string;
  description: string;
  category: 'How to Play' | 'Equipment' | 'Tactics' | 'Milsim' | 'Maintenance';
  difficulty: 'Beginner' | 'Intermediate' | 'Advanced';
  duration: string;
  type: 'video' | 'article';
  videoId?: string;
  /** The channel's name as an admin typed it (no YouTube API key in the demo). */
  channel?: string;
  /** Markdown (GFM). */
  content?: string;
  days: number;
  scene: Scene;
}

export const TUTORIALS: DemoTutorial[] = [
  {
    title: 'Airsoft 101: Your First Game Day',
    description: 'What to bring, what to expect and how the day runs, from chrono to the last round.',
    category: 'How to Play',
    difficulty: 'Beginner',
    duration: '12 min',
    type: 'video',
    videoId: 'k3Vt9pQ2xLw',
    channel: 'Airsoft Academy',
    days: 2,
    scene: 'fort',
  },
  {
    title: 'Choosing Your First AEG',
    description:
      'Metal or polymer, battery types, FPS limits and the features that actually matter when buying your first rifle.',
    category: 'Equipment',
    difficulty: 'Beginner',
    duration: '8 min',
    type: 'article',
    content: `Your first rifle should be **reliable, easy to maintain and legal** at the fields you plan to play. An automatic electric gun (AEG) is the usual choice: it runs on a battery, needs no gas and works in any weather.

## What to look for

- A **quick-change spring**, so the field can adjust it if it chronos too high
- A gearbox with good **spare-part support**
- A body you can carry all day: polymer is lighter and perfectly durable; metal feels more realistic but adds weight

## Budget for the rest of the kit

| Item | Why |
| --- | --- |
| Full-seal eye protection | Non-negotiable |
| Lower-face guard | Teeth are expensive |
| LiPo-safe charger | Batteries are the fire risk, not the rifle |
| 2–3 mid-cap magazines | Quiet and plenty for a game |

A decent mid-range rifle with good protection beats an expensive rifle with cheap goggles every time.`,
    days: 5,
    scene: 'fort',
  },
  {
    title: 'Hop-Up Tuning for Range and Accuracy',
    description: 'How the hop-up works, how to set it at the field and the upgrades worth paying for.',
    category: 'Maintenance',
    difficulty: 'Intermediate',
    duration: '15 min',
    type: 'video',
    videoId: 'Hn7uR2bZs0E',
    channel: 'Tech Bench Airsoft',
    days: 8,
    scene: 'forest',
  },
  {
    title: 'Room Clearing Basics for CQB',
    description: 'Stacking, slicing the pie and communicating through doorways without getting lit up.',
    category: 'Tactics',
    difficulty: 'Intermediate',
    duration: '18 min',
    type: 'video',
    videoId: 'q8Jd3MvT1cY',
    channel: 'Close Quarters Collective',
    days: 10,
    scene: 'urban',
  },
  {
    title: 'Packing for a 24-Hour Milsim',
    description:
      'A checklist for long events: sleep system, water, food, batteries and the small things people forget.',
    category: 'Milsim',
    difficulty: 'Intermediate',
    duration: '10 min',
    type: 'article',
    content: `A 24-hour event is a camping trip with a game on top.

## Sleep and shelter

- Sleeping bag rated for the night's temperature, and a pad
- A tarp and paracord
- Dry socks in a waterproof bag

## Water, food and power

Plan on **four litres of water per day** plus electrolytes, and food you can eat cold and one-handed. Bring twice the batteries you think you need for your rifle, radio and red light, and keep them in a pouch that stays dry.

## Three layers of kit

1. What you carry on your body
2. What lives in your day pack
3. What stays in the car

Label your magazines, tape your name on your radio and read the scenario brief before you arrive. The players who enjoy long events most are the ones who are warm, fed and rested.`,
    days: 13,
    scene: 'night',
  },
  {
    title: 'Gearbox Shimming Step by Step',
    description: 'Shim a V2 gearbox for a quiet, efficient and long-lasting build.',
    category: 'Maintenance',
    difficulty: 'Advanced',
    duration: '25 min',
    type: 'video',
    videoId: 'Zp4Lx0eW7sA',
    channel: 'Tech Bench Airsoft',
    days: 17,
    scene: 'urban',
  },
  {
    title: 'Radio Comms and Brevity Codes',
    description:
      'Keep the net clear: call signs, radio checks, contact reports and the brevity codes used at most milsims.',
    category: 'Milsim',
    difficulty: 'Advanced',
    duration: '9 min',
    type: 'article',
    content: `Good radio discipline wins games. Before you key the radio, know who you are calling and what you need to say. Use call signs ("Viper Two, this is Viper Actual") and keep transmissions **under ten seconds**.

## The contact report

1. **Who** is reporting
2. **Where** the enemy is
3. **How many**
4. **What** they are doing
5. **What you are doing** about it

Practice it until it is automatic.

## Common brevity codes

| Code | Meaning |
| --- | --- |
| Wilco | Will comply |
| Say again | Repeat your last |
| Break | Pause in a long message |
| Out | Conversation over, no answer expected |

Agree on your team's own codes before the event, and do a radio check at the staging area: a dead battery discovered in the field costs the whole squad.`,
    days: 21,
    scene: 'forest',
  },
  {
    title: 'Flanking and Fire-and-Move',
    description:
      'Basic fire-team movement: suppress, move, repeat. Drills you can practice with two friends.',
    category: 'Tactics',
    difficulty: 'Beginner',
    duration: '11 min',
    type: 'video',
    videoId: 'Tb6nQ2kRy5U',
    channel: 'Close Quarters Collective',
    days: 25,
    scene: 'forest',
  },
  {
    title: 'Hit Calling and Field Etiquette',
    description:
      'How to call hits, what "dead rag" means, and the unwritten rules every field expects you to know.',
    category: 'How to Play',
    difficulty: 'Intermediate',
    duration: '6 min',
    type: 'article',
    content: `Airsoft runs on honesty. A BB leaves no mark, so the game only works when everyone calls their hits.

## Calling a hit

- Shout **"Hit!"** as soon as a BB touches you or your gear (gun hits count at most fields)
- Raise your hand or your **dead rag** (a red or orange cloth) and walk back to respawn
- Do not talk to your team about where the enemy is on your way out

## Unwritten rules

- Offer a **surrender** ("bang bang" or "you're out") inside minimum engagement distance instead of shooting
- Never blind-fire over cover
- Thank the marshals: they keep the game fair

If you are unsure whether you were hit, call it. Nobody ever lost a friend by calling one hit too many.`,
    days: 28,
    scene: 'sunset',
  },
  {
    title: 'Setting Up a Plate Carrier',
    description:
      'Pouch placement, hydration, radio and medical kit: build a carrier that works for your role and your body.',
    category: 'Equipment',
    difficulty: 'Advanced',
    duration: '20 min',
    type: 'video',
    videoId: 'Wm2sJ8cKq4D',
    channel: 'Loadout Lab',
    days: 32,
    scene: 'speedsoft',
  },
];

/** Stores the demo news articles (rows built in seed.ts with their images). */
export async function seedNews(tx: Tx, rows: (typeof news.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(news).values(rows);
}

/** Stores the demo tutorials (rows built in seed.ts with their images). */
export async function seedTutorials(tx: Tx, rows: (typeof tutorials.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(tutorials).values(rows);
}
