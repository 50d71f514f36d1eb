import { randomUUID } from 'node:crypto';
import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system';
import { sanitiseHelpHtml } from './help-html';
import { articles, type ArticleKind } from './schema';

interface SeedText {
  title: string;
  tags: string[];
  body: string;
}

interface SeedArticle {
  kind: ArticleKind;
  slug: string;
  cover: string;
  /** Days before the seed ran that it was published. */
  daysAgo: number;
  text: { en: SeedText; ty: SeedText; my: SeedText };
}

const sample: SeedArticle[] = [
  {
    kind: 'blog',
    slug: 'play-taya-fortune-responsibly',
    cover: '/articles/responsible-slots.svg',
    daysAgo: 12,
    text: {
      en: {
        title: 'How to play the Taya Fortune slot responsibly',
        tags: ['slots', 'responsible gaming'],
        body: '<p>Taya Fortune is a five-reel slot with twenty lines and a return to player of 95.9 %. The return to player is a long-run average over a very large number of spins: in any one session you can lose your whole stake.</p><h3>Before you spin</h3><ul><li>Decide how much you are willing to spend and how long you will play, and stop when you reach either.</li><li>Choose a stake per spin that lets your budget last; a bigger stake does not change the odds of a line.</li><li>Try the game first with a trial account to learn the pay table without risking money.</li></ul><h3>While you play</h3><ul><li>Never chase losses by raising the stake.</li><li>Take breaks; every spin is independent of the one before.</li><li>Your bets and results are listed in your betting record, so you can always see what you have spent.</li></ul><p>If gaming stops being fun, read the responsible gaming page in the help centre and contact customer service.</p>',
      },
      ty: {
        title: 'Paano laruin nang responsable ang Taya Fortune slot',
        tags: ['slots', 'responsableng paglalaro'],
        body: '<p>Ang Taya Fortune ay slot na may limang reel, dalawampung linya at return to player na 95.9 %. Ang return to player ay pangmatagalang average sa napakaraming spin: sa isang session ay maaari mong matalo ang buong taya mo.</p><h3>Bago ka mag-spin</h3><ul><li>Pagpasyahan kung magkano ang handa mong gastusin at gaano katagal ka maglalaro, at tumigil kapag naabot mo ang alinman.</li><li>Pumili ng taya bawat spin na magpapatagal sa iyong budget; hindi binabago ng mas malaking taya ang tsansa ng isang linya.</li><li>Subukan muna ang laro gamit ang trial account para matutunan ang pay table nang walang panganib sa pera.</li></ul><h3>Habang naglalaro</h3><ul><li>Huwag habulin ang mga talo sa pamamagitan ng pagtataas ng taya.</li><li>Magpahinga; bawat spin ay hiwalay sa nauna.</li><li>Nakalista ang iyong mga taya at resulta sa iyong betting record, kaya palagi mong makikita ang nagastos mo.</li></ul><p>Kung hindi na masaya ang paglalaro, basahin ang pahina ng responsableng paglalaro sa help centre at makipag-ugnayan sa customer service.</p>',
      },
      my: {
        title: 'Taya Fortune စလော့ကို တာဝန်သိစွာ ကစားနည်း',
        tags: ['စလော့', 'တာဝန်သိကစားခြင်း'],
        body: '<p>Taya Fortune သည် ရီးလ် ငါးခု၊ လိုင်း နှစ်ဆယ်နှင့် ကစားသူထံ ပြန်ပေးနှုန်း 95.9 % ရှိသော စလော့ဖြစ်သည်။ ပြန်ပေးနှုန်းသည် အကြိမ်ရေ အလွန်များသော လှည့်ခြင်းများ၏ ရေရှည်ပျမ်းမျှ ဖြစ်သည်- ကစားချိန်တစ်ခုအတွင်း သင့်လောင်းကြေး အားလုံး ဆုံးရှုံးနိုင်သည်။</p><h3>မလှည့်မီ</h3><ul><li>မည်မျှ သုံးစွဲမည်၊ မည်မျှကြာ ကစားမည်ကို ဆုံးဖြတ်ပြီး တစ်ခုခုရောက်လျှင် ရပ်ပါ။</li><li>သင့်ဘတ်ဂျက် ကြာရှည်ခံမည့် လှည့်တစ်ကြိမ်လောင်းကြေးကို ရွေးပါ။ လောင်းကြေးကြီးခြင်းက လိုင်းတစ်ခု၏ အခွင့်အလမ်းကို မပြောင်းလဲပါ။</li><li>ငွေမစွန့်စားဘဲ ဆုငွေဇယားကို လေ့လာရန် စမ်းသပ်အကောင့်ဖြင့် ဦးစွာ ကစားကြည့်ပါ။</li></ul><h3>ကစားနေစဉ်</h3><ul><li>ရှုံးငွေကို လောင်းကြေးတိုးပြီး ပြန်မလိုက်ပါနှင့်။</li><li>အနားယူပါ။ လှည့်တိုင်းသည် ယခင်လှည့်နှင့် မသက်ဆိုင်ပါ။</li><li>သင့်လောင်းကြေးများနှင့် ရလဒ်များကို လောင်းကြေးမှတ်တမ်းတွင် ဖော်ပြထားသဖြင့် သုံးစွဲပြီးသမျှကို အမြဲကြည့်နိုင်သည်။</li></ul><p>ကစားခြင်းက ပျော်စရာမဖြစ်တော့ပါက အကူအညီစင်တာရှိ တာဝန်သိကစားခြင်း စာမျက်နှာကို ဖတ်ပြီး ဖောက်သည်ဝန်ဆောင်မှုကို ဆက်သွယ်ပါ။</p>',
      },
    },
  },
  {
    kind: 'blog',
    slug: 'turnover-requirements-explained',
    cover: '/articles/turnover.svg',
    daysAgo: 8,
    text: {
      en: {
        title: 'Understanding turnover requirements for bonuses',
        tags: ['bonuses', 'promotions'],
        body: '<p>Most bonuses come with a turnover requirement: the amount you must bet before the bonus, and what you win with it, can be withdrawn. A requirement of one times a bonus of 88 means bets totalling 88.</p><h3>How it is counted</h3><ul><li>Only settled bets count, in the games the promotion names.</li><li>The progress of each bonus is shown in the reward centre and in your account record.</li><li>Until the requirement is met the bonus stays locked; your deposited money is not held back by it.</li></ul><h3>Good to know</h3><p>Read the terms of a promotion before you apply: they state the turnover multiple, the games that count and any time limit. A bonus is never a reason to bet more than you planned.</p>',
      },
      ty: {
        title: 'Pag-unawa sa turnover requirement ng mga bonus',
        tags: ['bonus', 'promosyon'],
        body: "<p>Karamihan sa mga bonus ay may turnover requirement: ang halagang kailangan mong itaya bago ma-withdraw ang bonus at ang napanalunan mo gamit ito. Ang requirement na isang beses ng bonus na 88 ay nangangahulugang mga taya na may kabuuang 88.</p><h3>Paano ito binibilang</h3><ul><li>Mga settled na taya lamang ang binibilang, sa mga larong nakasaad sa promosyon.</li><li>Makikita ang progreso ng bawat bonus sa reward centre at sa iyong account record.</li><li>Hangga't hindi natutugunan ang requirement, naka-lock ang bonus; hindi nito pinipigilan ang perang idineposito mo.</li></ul><h3>Mabuting malaman</h3><p>Basahin ang mga tuntunin ng promosyon bago mag-apply: nakasaad doon ang turnover multiple, ang mga larong binibilang at anumang limitasyon sa oras. Hindi kailanman dahilan ang bonus para tumaya nang higit sa plano mo.</p>",
      },
      my: {
        title: 'ဘောနပ်စ်များ၏ လောင်းကြေးပမာဏ လိုအပ်ချက်ကို နားလည်ခြင်း',
        tags: ['ဘောနပ်စ်', 'ပရိုမိုးရှင်း'],
        body: '<p>ဘောနပ်စ်အများစုတွင် လောင်းကြေးပမာဏ လိုအပ်ချက် ပါရှိသည်- ဘောနပ်စ်နှင့် ၎င်းဖြင့် နိုင်ထားသောငွေကို မထုတ်ယူမီ လောင်းရမည့် ပမာဏ ဖြစ်သည်။ ဘောနပ်စ် 88 ၏ တစ်ဆ လိုအပ်ချက်ဆိုသည်မှာ စုစုပေါင်း 88 လောင်းရန် ဖြစ်သည်။</p><h3>တွက်ချက်ပုံ</h3><ul><li>ပရိုမိုးရှင်းတွင် ဖော်ပြထားသော ဂိမ်းများရှိ ငွေရှင်းပြီး လောင်းကြေးများကိုသာ ရေတွက်သည်။</li><li>ဘောနပ်စ်တစ်ခုချင်း၏ တိုးတက်မှုကို ဆုလာဘ်စင်တာနှင့် အကောင့်မှတ်တမ်းတွင် ပြသသည်။</li><li>လိုအပ်ချက် မပြည့်မီသေးသရွေ့ ဘောနပ်စ်ကို သော့ခတ်ထားသည်။ သင်သွင်းထားသောငွေကို ထိန်းမထားပါ။</li></ul><h3>သိထားသင့်သည်</h3><p>လျှောက်ထားခြင်းမပြုမီ ပရိုမိုးရှင်း၏ စည်းကမ်းချက်များကို ဖတ်ပါ- လောင်းကြေးဆ၊ ရေတွက်သည့်ဂိမ်းများနှင့် အချိန်ကန့်သတ်ချက်တို့ကို ဖော်ပြထားသည်။ ဘောနပ်စ်သည် စီစဉ်ထားသည်ထက် ပိုလောင်းရန် အကြောင်းပြချက် မဟုတ်ပါ။</p>',
      },
    },
  },
  {
    kind: 'blog',
    slug: 'verify-an-e-lottery-draw',
    cover: '/articles/verifiable-draw.svg',
    daysAgo: 4,
    text: {
      en: {
        title: "How the e-lottery's commit–reveal draw can be verified",
        tags: ['lottery', 'fairness'],
        body: "<p>Each issue of the fast e-lottery games is drawn from a secret seed chosen when the issue is created. Before any bet is taken, the site publishes the commitment: the SHA-256 hash of that seed.</p><h3>Why this matters</h3><p>A hash cannot be reversed, and no other seed gives the same hash. Once the commitment is shown, the seed, and so the result, can no longer be changed without everyone noticing.</p><h3>How to check an issue</h3><ol><li>Note the commitment shown for the issue while betting is open.</li><li>After betting closes, the seed is revealed next to the result.</li><li>Compute the SHA-256 of the seed with any SHA-256 tool and compare it with the commitment; they must be identical.</li></ol><p>Every merchant's players bet on the same issues and see the same results.</p>",
      },
      ty: {
        title: 'Paano mabe-verify ang commit–reveal na draw ng e-lottery',
        tags: ['lottery', 'pagkapatas'],
        body: '<p>Bawat issue ng mabibilis na e-lottery game ay binubunot mula sa isang lihim na seed na pinili nang gawin ang issue. Bago tumanggap ng anumang taya, inilalathala ng site ang commitment: ang SHA-256 hash ng seed na iyon.</p><h3>Bakit ito mahalaga</h3><p>Hindi maibabalik ang isang hash, at walang ibang seed na magbibigay ng parehong hash. Kapag naipakita na ang commitment, hindi na mababago ang seed, at ang resulta, nang hindi napapansin ng lahat.</p><h3>Paano suriin ang isang issue</h3><ol><li>Tandaan ang commitment na ipinapakita para sa issue habang bukas ang pagtaya.</li><li>Pagkasara ng pagtaya, ibinubunyag ang seed katabi ng resulta.</li><li>Kalkulahin ang SHA-256 ng seed gamit ang anumang SHA-256 tool at ihambing sa commitment; dapat magkapareho ang dalawa.</li></ol><p>Pareho ang mga issue na tinatayaan at mga resultang nakikita ng mga manlalaro ng bawat merchant.</p>',
      },
      my: {
        title: 'အီး-ထီ၏ ကတိပြု–ထုတ်ဖော်သော မဲဖောက်ခြင်းကို စစ်ဆေးနည်း',
        tags: ['ထီ', 'တရားမျှတမှု'],
        body: '<p>အမြန်အီး-ထီဂိမ်းများ၏ ပွဲစဉ်တိုင်းကို ပွဲစဉ်ဖန်တီးချိန်တွင် ရွေးထားသော လျှို့ဝှက် seed မှ ထုတ်သည်။ လောင်းကြေးတစ်ခုမျှ မလက်ခံမီ ဆိုက်က ကတိကဝတ်ကို ထုတ်ပြန်သည်- ထို seed ၏ SHA-256 hash ဖြစ်သည်။</p><h3>အရေးကြီးရခြင်း</h3><p>hash ကို ပြောင်းပြန်တွက်၍ မရနိုင်သလို အခြား seed တစ်ခုက တူညီသော hash ကို မပေးနိုင်ပါ။ ကတိကဝတ်ကို ပြသပြီးနောက် seed နှင့် ရလဒ်ကို လူတိုင်း သတိမထားမိဘဲ မပြောင်းလဲနိုင်တော့ပါ။</p><h3>ပွဲစဉ်တစ်ခုကို စစ်ဆေးနည်း</h3><ol><li>လောင်းကြေးဖွင့်ထားစဉ် ပွဲစဉ်အတွက် ပြသထားသော ကတိကဝတ်ကို မှတ်ထားပါ။</li><li>လောင်းကြေးပိတ်ပြီးနောက် seed ကို ရလဒ်ဘေးတွင် ထုတ်ဖော်ပြသသည်။</li><li>မည်သည့် SHA-256 ကိရိယာဖြင့်မဆို seed ၏ SHA-256 ကို တွက်ပြီး ကတိကဝတ်နှင့် နှိုင်းယှဉ်ပါ- တူညီရမည်။</li></ol><p>ကုန်သည်တိုင်း၏ ကစားသူများသည် တူညီသော ပွဲစဉ်များကို လောင်းပြီး တူညီသော ရလဒ်များကို မြင်ရသည်။</p>',
      },
    },
  },
  {
    kind: 'news',
    slug: 'points-mall-opens',
    cover: '/articles/points-mall.svg',
    daysAgo: 20,
    text: {
      en: {
        title: 'The points mall is open',
        tags: ['points', 'rewards'],
        body: '<p>You now earn points as you play, and you can spend them in the new points mall in the member centre.</p><ul><li>Points are earned on settled bets, and every change is listed in your points record.</li><li>The mall offers cash vouchers and merchandise; each item shows its price in points and how many are left.</li><li>Each redemption is reviewed by customer service, then a cash voucher is credited to your wallet and merchandise is sent to you. Points can also be converted into cash.</li></ul><p>Open <strong>Points mall</strong> from the member centre to see what is on offer.</p>',
      },
      ty: {
        title: 'Bukas na ang points mall',
        tags: ['points', 'gantimpala'],
        body: '<p>Nakakakuha ka na ngayon ng points habang naglalaro, at magagastos mo ang mga ito sa bagong points mall sa member centre.</p><ul><li>Nakukuha ang points sa mga settled na taya, at nakalista ang bawat pagbabago sa iyong points record.</li><li>Nag-aalok ang mall ng mga cash voucher at merchandise; ipinapakita ng bawat item ang presyo nito sa points at kung ilan pa ang natitira.</li><li>Sinusuri ng customer service ang bawat redemption, saka idinadagdag sa iyong wallet ang cash voucher at ipinapadala sa iyo ang merchandise. Maaari ring i-convert sa cash ang points.</li></ul><p>Buksan ang <strong>Points mall</strong> mula sa member centre para makita ang mga alok.</p>',
      },
      my: {
        title: 'ပွိုင့်ဈေးဆိုင် ဖွင့်ပါပြီ',
        tags: ['ပွိုင့်', 'ဆုလာဘ်'],
        body: '<p>ယခု ကစားရင်း ပွိုင့်များ ရရှိပြီး အဖွဲ့ဝင်စင်တာရှိ ပွိုင့်ဈေးဆိုင်အသစ်တွင် သုံးစွဲနိုင်ပါပြီ။</p><ul><li>ငွေရှင်းပြီး လောင်းကြေးများမှ ပွိုင့်ရရှိပြီး ပြောင်းလဲမှုတိုင်းကို ပွိုင့်မှတ်တမ်းတွင် ဖော်ပြသည်။</li><li>ဈေးဆိုင်တွင် ငွေသားဘောက်ချာများနှင့် ကုန်ပစ္စည်းများ ရှိသည်။ ပစ္စည်းတိုင်းတွင် ပွိုင့်စျေးနှုန်းနှင့် ကျန်ရှိသည့်အရေအတွက်ကို ပြသည်။</li><li>လဲလှယ်မှုတိုင်းကို ဖောက်သည်ဝန်ဆောင်မှုက စစ်ဆေးပြီးနောက် ငွေသားဘောက်ချာကို သင့်ပိုက်ဆံအိတ်ထဲ ထည့်ပေးပြီး ကုန်ပစ္စည်းကို သင့်ထံ ပို့သည်။ ပွိုင့်များကို ငွေသားအဖြစ်လည်း ပြောင်းလဲနိုင်သည်။</li></ul><p>ရရှိနိုင်သည်များကို ကြည့်ရန် အဖွဲ့ဝင်စင်တာမှ <strong>ပွိုင့်ဈေးဆိုင်</strong> ကို ဖွင့်ပါ။</p>',
      },
    },
  },
  {
    kind: 'news',
    slug: 'new-lottery-games',
    cover: '/articles/new-lottery-games.svg',
    daysAgo: 6,
    text: {
      en: {
        title: 'New lottery games',
        tags: ['lottery', 'games'],
        body: '<p>The Taya Lottery brings new draws to the lottery lobbies:</p><ul><li><strong>Fast e-lottery</strong> with a draw every 1, 3 or 5 minutes, each issue with a published commitment that you can verify after the draw.</li><li><strong>Vietnam North, Central and South</strong> lotteries, the <strong>4D lottery</strong> and the <strong>Thai lottery</strong>, settled on the official results.</li></ul><p>You can place a bet on several issues ahead with a chase, and follow every bet in your betting record.</p>',
      },
      ty: {
        title: 'Mga bagong lottery game',
        tags: ['lottery', 'mga laro'],
        body: '<p>Nagdadala ang Taya Lottery ng mga bagong draw sa mga lottery lobby:</p><ul><li><strong>Mabilis na e-lottery</strong> na may draw bawat 1, 3 o 5 minuto, at bawat issue ay may inilathalang commitment na mabe-verify mo pagkatapos ng draw.</li><li>Mga lottery ng <strong>Vietnam North, Central at South</strong>, ang <strong>4D lottery</strong> at ang <strong>Thai lottery</strong>, na sine-settle ayon sa opisyal na resulta.</li></ul><p>Maaari kang tumaya sa ilang issue nang maaga gamit ang chase, at subaybayan ang bawat taya sa iyong betting record.</p>',
      },
      my: {
        title: 'ထီဂိမ်းအသစ်များ',
        tags: ['ထီ', 'ဂိမ်းများ'],
        body: '<p>Taya Lottery သည် ထီခန်းမများသို့ မဲဖောက်ပွဲအသစ်များ ယူဆောင်လာသည်-</p><ul><li>၁၊ ၃ သို့မဟုတ် ၅ မိနစ်တိုင်း မဲဖောက်သော <strong>အမြန်အီး-ထီ</strong>၊ ပွဲစဉ်တိုင်းတွင် မဲဖောက်ပြီးနောက် စစ်ဆေးနိုင်သော ထုတ်ပြန်ထားသည့် ကတိကဝတ် ပါရှိသည်။</li><li>တရားဝင်ရလဒ်များဖြင့် ငွေရှင်းသော <strong>ဗီယက်နမ် မြောက်ပိုင်း၊ အလယ်ပိုင်းနှင့် တောင်ပိုင်း</strong> ထီများ၊ <strong>4D ထီ</strong> နှင့် <strong>ထိုင်းထီ</strong>။</li></ul><p>ပွဲစဉ်များစွာကို ကြိုတင်လိုက်လောင်းနိုင်ပြီး လောင်းကြေးတိုင်းကို လောင်းကြေးမှတ်တမ်းတွင် စောင့်ကြည့်နိုင်သည်။</p>',
      },
    },
  },
  {
    kind: 'news',
    slug: 'red-envelope-windows',
    cover: '/articles/red-envelopes.svg',
    daysAgo: 2,
    text: {
      en: {
        title: 'Red envelopes twice a day',
        tags: ['red envelopes', 'promotions'],
        body: '<p>Red envelopes now fall every day in two windows: from 12:00 to 12:10 and from 20:00 to 20:10.</p><ul><li>Open one envelope per window for a bonus of up to 88.</li><li>The bonus must be wagered once before it can be withdrawn.</li><li>Envelopes are first come, first served.</li></ul><p>Log in during a window to open yours.</p>',
      },
      ty: {
        title: 'Red envelope dalawang beses sa isang araw',
        tags: ['red envelope', 'promosyon'],
        body: '<p>Bumabagsak na ngayon ang mga red envelope araw-araw sa dalawang window: mula 12:00 hanggang 12:10 at mula 20:00 hanggang 20:10.</p><ul><li>Magbukas ng isang envelope bawat window para sa bonus na hanggang 88.</li><li>Kailangang itaya nang isang beses ang bonus bago ito ma-withdraw.</li><li>Kung sino ang mauna, siya ang makakakuha.</li></ul><p>Mag-log in sa oras ng window para buksan ang sa iyo.</p>',
      },
      my: {
        title: 'တစ်နေ့ နှစ်ကြိမ် အနီရောင်စာအိတ်',
        tags: ['အနီရောင်စာအိတ်', 'ပရိုမိုးရှင်း'],
        body: '<p>ယခု နေ့စဉ် အချိန်နှစ်ပိုင်းတွင် အနီရောင်စာအိတ်များ ကျလာသည်- 12:00 မှ 12:10 အထိနှင့် 20:00 မှ 20:10 အထိ။</p><ul><li>အချိန်ပိုင်းတစ်ခုလျှင် စာအိတ်တစ်အိတ် ဖွင့်၍ 88 အထိ ဘောနပ်စ် ရယူပါ။</li><li>ဘောနပ်စ်ကို မထုတ်ယူမီ တစ်ကြိမ် လောင်းရမည်။</li><li>စောရောက်သူ ဦးစားပေးသည်။</li></ul><p>သင့်စာအိတ်ကို ဖွင့်ရန် အချိန်ပိုင်းအတွင်း အကောင့်ဝင်ပါ။</p>',
      },
    },
  },
];

/** Sample blog posts and news items of the demo merchants, in English, Tagalog and Burmese. */
export const contentArticlesDemoSeed: Seed = {
  name: 'content/articles-demo@1',
  async run(tx) {
    const now = Date.now();
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      for (const a of sample) {
        const publishedAt = new Date(now - a.daysAgo * 86_400_000);
        for (const [language, t] of Object.entries(a.text)) {
          await tx.insert(articles).values({
            id: randomUUID(),
            merchantCode,
            kind: a.kind,
            slug: a.slug,
            language,
            title: t.title,
            coverImageUrl: a.cover,
            bodyHtml: sanitiseHelpHtml(t.body),
            tags: t.tags,
            publishedAt,
            status: 'published',
            createdBy: 'seed',
          });
        }
      }
    }
  },
};
