import { randomUUID } from 'node:crypto';
import type { Seed } from '../../platform/seed';
import { merchantCodes, seedWhitelabelFlag } from '../system';
import { sanitiseHelpHtml } from './help-html';
import { helpArticles, type HelpArticleTag, type Localised } from './schema';

interface SeedArticle {
  tag: HelpArticleTag;
  title: Localised;
  content: Localised;
  children?: { title: Localised; content: Localised }[];
}

/** The help centre every merchant starts with, in English, Tagalog and Burmese. */
const helpCentre: SeedArticle[] = [
  {
    tag: 'aboutus',
    title: { en: 'About us', ty: 'Tungkol sa amin', my: 'ကျွန်ုပ်တို့အကြောင်း' },
    content: {
      en: '<p>Taya is an online gaming platform for players in the Philippines and Myanmar. It offers slot games, jackpots, live casino, sports, lottery and other games from Taya and partner providers, with a wallet, promotions and a VIP programme.</p><p>The site is available in English, Tagalog and Burmese. Choose your region and language from the menu at any time.</p><p>For questions about your account, use the live chat or the feedback form.</p>',
      ty: '<p>Ang Taya ay isang online gaming platform para sa mga manlalaro sa Pilipinas at Myanmar. Nag-aalok ito ng mga slot game, jackpot, live casino, sports, lottery at iba pang laro mula sa Taya at sa mga katuwang na provider, kasama ang wallet, mga promosyon at VIP programme.</p><p>Makukuha ang site sa English, Tagalog at Burmese. Piliin ang iyong rehiyon at wika mula sa menu anumang oras.</p><p>Para sa mga tanong tungkol sa iyong account, gamitin ang live chat o ang feedback form.</p>',
      my: '<p>Taya သည် ဖိလစ်ပိုင်နှင့် မြန်မာနိုင်ငံရှိ ကစားသူများအတွက် အွန်လိုင်းဂိမ်း ပလက်ဖောင်း ဖြစ်သည်။ Taya နှင့် မိတ်ဖက်ဝန်ဆောင်မှုပေးသူများ၏ စလော့ဂိမ်းများ၊ ဂျက်ပေါ့များ၊ တိုက်ရိုက်ကာစီနို၊ အားကစား၊ ထီနှင့် အခြားဂိမ်းများကို ပိုက်ဆံအိတ်၊ ပရိုမိုးရှင်းများနှင့် VIP အစီအစဉ်တို့နှင့်အတူ ပေးထားသည်။</p><p>ဆိုက်ကို အင်္ဂလိပ်၊ တဂလော့နှင့် မြန်မာဘာသာဖြင့် အသုံးပြုနိုင်သည်။ သင့်ဒေသနှင့် ဘာသာစကားကို မီနူးမှ အချိန်မရွေး ရွေးချယ်နိုင်သည်။</p><p>သင့်အကောင့်နှင့် ပတ်သက်သော မေးခွန်းများအတွက် တိုက်ရိုက်စကားပြောခြင်း သို့မဟုတ် အကြံပြုချက်ပုံစံကို အသုံးပြုပါ။</p>',
    },
  },
  {
    tag: 'deposit',
    title: { en: 'Deposits', ty: 'Mga deposito', my: 'ငွေသွင်းခြင်း' },
    content: {
      en: '<h3>How to deposit</h3><ol><li>Log in and open <strong>Deposit</strong> from the header or the member centre.</li><li>Choose one of the payment methods offered for your region.</li><li>Enter an amount within the limits shown for that method and follow the instructions.</li></ol><p>Your balance is updated once the payment is confirmed. Deposits are in your account currency. Keep your payment reference until the deposit appears in your account record.</p><p>If a deposit has not arrived, contact customer service with the time, amount and reference.</p>',
      ty: '<h3>Paano mag-deposito</h3><ol><li>Mag-log in at buksan ang <strong>Deposito</strong> mula sa header o sa member centre.</li><li>Pumili ng isa sa mga paraan ng pagbabayad na inaalok para sa iyong rehiyon.</li><li>Maglagay ng halagang pasok sa mga limitasyong ipinapakita para sa paraang iyon at sundin ang mga tagubilin.</li></ol><p>Maa-update ang iyong balanse kapag nakumpirma na ang bayad. Ang mga deposito ay nasa currency ng iyong account. Itago ang reference ng bayad hanggang lumabas ang deposito sa iyong account record.</p><p>Kung hindi pa dumarating ang deposito, makipag-ugnayan sa customer service at ibigay ang oras, halaga at reference.</p>',
      my: '<h3>ငွေသွင်းနည်း</h3><ol><li>အကောင့်ဝင်ပြီး ခေါင်းစီး သို့မဟုတ် အဖွဲ့ဝင်စင်တာမှ <strong>ငွေသွင်း</strong> ကို ဖွင့်ပါ။</li><li>သင့်ဒေသအတွက် ပေးထားသော ငွေပေးချေမှုနည်းလမ်းတစ်ခုကို ရွေးပါ။</li><li>ထိုနည်းလမ်းအတွက် ပြထားသော ကန့်သတ်ချက်အတွင်း ပမာဏကို ထည့်ပြီး ညွှန်ကြားချက်များအတိုင်း လုပ်ဆောင်ပါ။</li></ol><p>ငွေပေးချေမှု အတည်ပြုပြီးသည်နှင့် သင့်လက်ကျန်ငွေ ပြောင်းလဲသွားမည်။ ငွေသွင်းမှုများသည် သင့်အကောင့်၏ ငွေကြေးဖြင့် ဖြစ်သည်။ ငွေသွင်းမှု အကောင့်မှတ်တမ်းတွင် ပေါ်လာသည်အထိ ငွေပေးချေမှု ရည်ညွှန်းနံပါတ်ကို သိမ်းထားပါ။</p><p>ငွေသွင်းမှု မရောက်သေးပါက အချိန်၊ ပမာဏနှင့် ရည်ညွှန်းနံပါတ်တို့ဖြင့် ဖောက်သည်ဝန်ဆောင်မှုကို ဆက်သွယ်ပါ။</p>',
    },
  },
  {
    tag: 'withdraw',
    title: { en: 'Withdrawals', ty: 'Mga withdrawal', my: 'ငွေထုတ်ခြင်း' },
    content: {
      en: "<h3>How to withdraw</h3><ol><li>Log in and open <strong>Withdraw</strong> from the header or the member centre.</li><li>Choose the account that should receive the money, or add one in your name.</li><li>Enter the amount and confirm.</li></ol><p>A withdrawal is reviewed before it is paid. Money in a running game or in a vendor wallet must be moved back to the main wallet first. Bonus money may only be withdrawn once the promotion's conditions are met.</p><p>You can follow each request in your account record.</p>",
      ty: '<h3>Paano mag-withdraw</h3><ol><li>Mag-log in at buksan ang <strong>Withdraw</strong> mula sa header o sa member centre.</li><li>Piliin ang account na tatanggap ng pera, o magdagdag ng isa na nakapangalan sa iyo.</li><li>Ilagay ang halaga at kumpirmahin.</li></ol><p>Sinusuri ang bawat withdrawal bago ito bayaran. Ang perang nasa isang tumatakbong laro o nasa vendor wallet ay kailangang ilipat muna pabalik sa pangunahing wallet. Maaari lamang i-withdraw ang bonus kapag natugunan na ang mga kondisyon ng promosyon.</p><p>Masusubaybayan mo ang bawat request sa iyong account record.</p>',
      my: '<h3>ငွေထုတ်နည်း</h3><ol><li>အကောင့်ဝင်ပြီး ခေါင်းစီး သို့မဟုတ် အဖွဲ့ဝင်စင်တာမှ <strong>ငွေထုတ်</strong> ကို ဖွင့်ပါ။</li><li>ငွေလက်ခံမည့် အကောင့်ကို ရွေးပါ သို့မဟုတ် သင့်အမည်ဖြင့် အကောင့်တစ်ခု ထည့်ပါ။</li><li>ပမာဏကို ထည့်ပြီး အတည်ပြုပါ။</li></ol><p>ငွေထုတ်မှုတိုင်းကို မပေးချေမီ စစ်ဆေးသည်။ ကစားနေဆဲဂိမ်း သို့မဟုတ် ဝန်ဆောင်မှုပေးသူ ပိုက်ဆံအိတ်ထဲရှိ ငွေကို ပင်မပိုက်ဆံအိတ်သို့ ဦးစွာ ပြန်ရွှေ့ရမည်။ ဘောနပ်စ်ငွေကို ပရိုမိုးရှင်း၏ စည်းကမ်းချက်များ ပြည့်မီမှသာ ထုတ်ယူနိုင်သည်။</p><p>တောင်းဆိုမှုတိုင်းကို သင့်အကောင့်မှတ်တမ်းတွင် စောင့်ကြည့်နိုင်သည်။</p>',
    },
  },
  {
    tag: 'game',
    title: { en: 'Games', ty: 'Mga laro', my: 'ဂိမ်းများ' },
    content: {
      en: '<p>Games are grouped by category in the side menu: slots, live casino, sports, e-sports, lottery, fishing and more. Some games can be tried for free with a trial account; real-money play needs a registered account.</p><p>A game may pause for maintenance by its provider; your balance is not affected. Your bets and their results are listed in your betting record.</p><p>Each game shows its own rules and payouts inside the game.</p>',
      ty: '<p>Nakapangkat ang mga laro ayon sa kategorya sa side menu: slots, live casino, sports, e-sports, lottery, fishing at iba pa. May mga larong masusubukan nang libre gamit ang trial account; kailangan ng rehistradong account para maglaro gamit ang totoong pera.</p><p>Maaaring pansamantalang ihinto ng provider ang isang laro para sa maintenance; hindi maaapektuhan ang iyong balanse. Nakalista ang iyong mga taya at resulta sa iyong betting record.</p><p>Ipinapakita ng bawat laro ang sarili nitong mga patakaran at bayad sa loob ng laro.</p>',
      my: '<p>ဂိမ်းများကို ဘေးမီနူးတွင် အမျိုးအစားအလိုက် စုစည်းထားသည်- စလော့၊ တိုက်ရိုက်ကာစီနို၊ အားကစား၊ အီး-အားကစား၊ ထီ၊ ငါးဖမ်းဂိမ်းနှင့် အခြားများ။ အချို့ဂိမ်းများကို စမ်းသပ်အကောင့်ဖြင့် အခမဲ့ စမ်းကစားနိုင်သည်။ ငွေအစစ်ဖြင့် ကစားရန် မှတ်ပုံတင်ထားသော အကောင့် လိုအပ်သည်။</p><p>ဝန်ဆောင်မှုပေးသူက ဂိမ်းတစ်ခုကို ပြုပြင်ထိန်းသိမ်းရန် ခေတ္တရပ်နိုင်သည်။ သင့်လက်ကျန်ငွေကို မထိခိုက်ပါ။ သင့်လောင်းကြေးများနှင့် ရလဒ်များကို လောင်းကြေးမှတ်တမ်းတွင် ဖော်ပြထားသည်။</p><p>ဂိမ်းတိုင်းသည် ၎င်း၏ စည်းမျဉ်းများနှင့် ဆုငွေများကို ဂိမ်းအတွင်း ပြသသည်။</p>',
    },
  },
  {
    tag: 'faqs',
    title: { en: 'FAQs', ty: 'Mga madalas itanong', my: 'မကြာခဏ မေးလေ့ရှိသော မေးခွန်းများ' },
    content: {
      en: '<p>Answers to the questions players ask most often.</p>',
      ty: '<p>Mga sagot sa mga tanong na madalas itanong ng mga manlalaro.</p>',
      my: '<p>ကစားသူများ အမေးအများဆုံး မေးခွန်းများအတွက် အဖြေများ။</p>',
    },
    children: [
      {
        title: {
          en: 'I forgot my password. What can I do?',
          ty: 'Nakalimutan ko ang aking password. Ano ang gagawin ko?',
          my: 'စကားဝှက် မေ့သွားပါသည်။ ဘာလုပ်ရမလဲ။',
        },
        content: {
          en: '<p>Choose <strong>Forgot password</strong> in the log-in window and follow the steps to set a new one. If you cannot receive the code, contact customer service.</p>',
          ty: '<p>Piliin ang <strong>Nakalimutan ang password</strong> sa log-in window at sundin ang mga hakbang para magtakda ng bago. Kung hindi mo matanggap ang code, makipag-ugnayan sa customer service.</p>',
          my: '<p>အကောင့်ဝင်သည့် ဝင်းဒိုးတွင် <strong>စကားဝှက် မေ့နေသည်</strong> ကို ရွေးပြီး စကားဝှက်အသစ် သတ်မှတ်ရန် အဆင့်များအတိုင်း လုပ်ဆောင်ပါ။ ကုဒ်ကို မရရှိပါက ဖောက်သည်ဝန်ဆောင်မှုကို ဆက်သွယ်ပါ။</p>',
        },
      },
      {
        title: {
          en: 'Why has my deposit not arrived yet?',
          ty: 'Bakit hindi pa dumarating ang aking deposito?',
          my: 'ကျွန်ုပ်၏ ငွေသွင်းမှု ဘာကြောင့် မရောက်သေးသနည်း။',
        },
        content: {
          en: '<p>Most deposits arrive as soon as the payment is confirmed, but a payment provider can take longer. Check your account record; if the deposit is still missing, send customer service the time, amount and payment reference.</p>',
          ty: '<p>Karamihan ng deposito ay dumarating kapag nakumpirma na ang bayad, pero maaaring mas matagal ang ilang payment provider. Tingnan ang iyong account record; kung wala pa rin ang deposito, ipadala sa customer service ang oras, halaga at reference ng bayad.</p>',
          my: '<p>ငွေသွင်းမှုအများစုသည် ငွေပေးချေမှု အတည်ပြုပြီးသည်နှင့် ရောက်ရှိသော်လည်း ငွေပေးချေမှုဝန်ဆောင်မှုပေးသူအချို့တွင် ပိုကြာနိုင်သည်။ သင့်အကောင့်မှတ်တမ်းကို စစ်ဆေးပါ။ ငွေသွင်းမှု မပေါ်သေးပါက အချိန်၊ ပမာဏနှင့် ငွေပေးချေမှု ရည်ညွှန်းနံပါတ်ကို ဖောက်သည်ဝန်ဆောင်မှုထံ ပို့ပါ။</p>',
        },
      },
      {
        title: {
          en: 'How long does a withdrawal take?',
          ty: 'Gaano katagal ang isang withdrawal?',
          my: 'ငွေထုတ်ခြင်း ဘယ်လောက်ကြာသနည်း။',
        },
        content: {
          en: '<p>Every withdrawal is reviewed before it is paid, and the time depends on the review and on the receiving bank or e-wallet. The status of each request is shown in your account record.</p>',
          ty: '<p>Sinusuri ang bawat withdrawal bago ito bayaran, at nakadepende ang tagal sa pagsusuri at sa tatanggap na bangko o e-wallet. Makikita ang status ng bawat request sa iyong account record.</p>',
          my: '<p>ငွေထုတ်မှုတိုင်းကို မပေးချေမီ စစ်ဆေးပြီး ကြာချိန်သည် စစ်ဆေးမှုနှင့် လက်ခံမည့် ဘဏ် သို့မဟုတ် အီး-ပိုက်ဆံအိတ်အပေါ် မူတည်သည်။ တောင်းဆိုမှုတိုင်း၏ အခြေအနေကို သင့်အကောင့်မှတ်တမ်းတွင် ပြသထားသည်။</p>',
        },
      },
      {
        title: {
          en: 'Can I have more than one account?',
          ty: 'Maaari ba akong magkaroon ng higit sa isang account?',
          my: 'အကောင့်တစ်ခုထက်ပို၍ ဖွင့်နိုင်ပါသလား။',
        },
        content: {
          en: '<p>No. Each player may hold one account. Duplicate accounts may be closed and their bonuses withdrawn.</p>',
          ty: '<p>Hindi. Isang account lamang ang maaaring hawakan ng bawat manlalaro. Maaaring isara ang mga dobleng account at bawiin ang kanilang mga bonus.</p>',
          my: '<p>မရပါ။ ကစားသူတစ်ဦးလျှင် အကောင့်တစ်ခုသာ ကိုင်ဆောင်နိုင်သည်။ ထပ်နေသော အကောင့်များကို ပိတ်ပြီး ၎င်းတို့၏ ဘောနပ်စ်များကို ပြန်ရုပ်သိမ်းနိုင်သည်။</p>',
        },
      },
      {
        title: {
          en: 'How do I change my language or region?',
          ty: 'Paano ko papalitan ang aking wika o rehiyon?',
          my: 'ဘာသာစကား သို့မဟုတ် ဒေသကို မည်သို့ ပြောင်းရမည်နည်း။',
        },
        content: {
          en: '<p>Open the region selector from the side menu or the footer, choose your country and language, and confirm. Changing the region starts a new session, so you will need to log in again.</p>',
          ty: '<p>Buksan ang pagpili ng rehiyon mula sa side menu o sa footer, piliin ang iyong bansa at wika, at kumpirmahin. Ang pagpapalit ng rehiyon ay magsisimula ng bagong session, kaya kailangan mong mag-log in muli.</p>',
          my: '<p>ဘေးမီနူး သို့မဟုတ် အောက်ခြေမှ ဒေသရွေးချယ်မှုကို ဖွင့်ပြီး သင့်နိုင်ငံနှင့် ဘာသာစကားကို ရွေးကာ အတည်ပြုပါ။ ဒေသပြောင်းလျှင် ဆက်ရှင်အသစ် စတင်သောကြောင့် ထပ်မံ အကောင့်ဝင်ရန် လိုအပ်မည်။</p>',
        },
      },
    ],
  },
  {
    tag: 'terms',
    title: {
      en: 'Terms and conditions',
      ty: 'Mga tuntunin at kundisyon',
      my: 'စည်းကမ်းနှင့် သတ်မှတ်ချက်များ',
    },
    content: {
      en: '<h3>1. Eligibility</h3><p>You must be 18 years of age or older, and of legal age to gamble where you live, to register or play. Accounts of players under 18 are closed.</p><h3>2. Your account</h3><p>Each player may hold one account, registered with true and complete details. Keep your password private: you are responsible for play on your account.</p><h3>3. Deposits and withdrawals</h3><p>Use only payment methods in your own name. Withdrawals are reviewed before payment and may require identity checks.</p><h3>4. Bonuses and promotions</h3><p>Each promotion has its own conditions, shown with the promotion. Abuse of promotions may lead to bonuses being withdrawn.</p><h3>5. Responsible play</h3><p>Play responsibly and only with money you can afford to lose. Help is described under Responsible gaming.</p><h3>6. Fair use</h3><p>Cheating, using software to play for you, or exploiting errors is not allowed. The operator may suspend an account while such use is investigated.</p><h3>7. Changes</h3><p>These terms may change; the version on this page applies.</p>',
      ty: '<h3>1. Pagiging karapat-dapat</h3><p>Dapat ay 18 taong gulang ka pataas, at nasa legal na edad para magsugal sa iyong tinitirhan, para makapagparehistro o makapaglaro. Isinasara ang mga account ng manlalarong wala pang 18.</p><h3>2. Ang iyong account</h3><p>Isang account lamang ang maaaring hawakan ng bawat manlalaro, nakarehistro gamit ang totoo at kumpletong detalye. Panatilihing pribado ang iyong password: ikaw ang may pananagutan sa paglalaro sa iyong account.</p><h3>3. Mga deposito at withdrawal</h3><p>Gamitin lamang ang mga paraan ng pagbabayad na nakapangalan sa iyo. Sinusuri ang mga withdrawal bago bayaran at maaaring mangailangan ng pagpapatunay ng pagkakakilanlan.</p><h3>4. Mga bonus at promosyon</h3><p>May sariling kondisyon ang bawat promosyon, na ipinapakita kasama nito. Ang pang-aabuso sa mga promosyon ay maaaring magresulta sa pagbawi ng mga bonus.</p><h3>5. Responsableng paglalaro</h3><p>Maglaro nang responsable at gamit lamang ang perang kaya mong mawala. Inilalarawan ang tulong sa ilalim ng Responsableng paglalaro.</p><h3>6. Patas na paggamit</h3><p>Hindi pinapayagan ang pandaraya, ang paggamit ng software na naglalaro para sa iyo, o ang pagsasamantala sa mga error. Maaaring suspindihin ng operator ang isang account habang iniimbestigahan ang ganitong paggamit.</p><h3>7. Mga pagbabago</h3><p>Maaaring magbago ang mga tuntuning ito; ang bersyon sa pahinang ito ang umiiral.</p>',
      my: '<h3>၁။ အရည်အချင်း</h3><p>မှတ်ပုံတင်ရန် သို့မဟုတ် ကစားရန် သင်သည် အသက် ၁၈ နှစ်နှင့်အထက် ဖြစ်ရမည်ဖြစ်ပြီး သင်နေထိုင်ရာ နေရာတွင် လောင်းကစားရန် တရားဝင်အသက် ပြည့်ရမည်။ အသက် ၁၈ နှစ်အောက် ကစားသူများ၏ အကောင့်များကို ပိတ်သည်။</p><h3>၂။ သင့်အကောင့်</h3><p>ကစားသူတစ်ဦးလျှင် မှန်ကန်ပြည့်စုံသော အချက်အလက်များဖြင့် မှတ်ပုံတင်ထားသော အကောင့်တစ်ခုသာ ကိုင်ဆောင်နိုင်သည်။ သင့်စကားဝှက်ကို လျှို့ဝှက်ထားပါ- သင့်အကောင့်ပေါ်ရှိ ကစားမှုအတွက် သင်တာဝန်ရှိသည်။</p><h3>၃။ ငွေသွင်းခြင်းနှင့် ငွေထုတ်ခြင်း</h3><p>သင့်ကိုယ်ပိုင်အမည်ဖြင့် ငွေပေးချေမှုနည်းလမ်းများကိုသာ အသုံးပြုပါ။ ငွေထုတ်မှုများကို မပေးချေမီ စစ်ဆေးပြီး ကိုယ်ပိုင်အထောက်အထား စစ်ဆေးမှု လိုအပ်နိုင်သည်။</p><h3>၄။ ဘောနပ်စ်နှင့် ပရိုမိုးရှင်းများ</h3><p>ပရိုမိုးရှင်းတိုင်းတွင် ၎င်းနှင့်အတူ ပြသထားသော ကိုယ်ပိုင်စည်းကမ်းချက်များ ရှိသည်။ ပရိုမိုးရှင်းများကို အလွဲသုံးစားပြုပါက ဘောနပ်စ်များကို ပြန်ရုပ်သိမ်းနိုင်သည်။</p><h3>၅။ တာဝန်သိ ကစားခြင်း</h3><p>တာဝန်သိစွာ ကစားပြီး ဆုံးရှုံးနိုင်သည့် ငွေဖြင့်သာ ကစားပါ။ အကူအညီကို တာဝန်သိ ကစားခြင်း အောက်တွင် ဖော်ပြထားသည်။</p><h3>၆။ တရားမျှတသော အသုံးပြုမှု</h3><p>လိမ်လည်ခြင်း၊ သင့်ကိုယ်စား ကစားပေးသည့် ဆော့ဖ်ဝဲ အသုံးပြုခြင်း သို့မဟုတ် အမှားများကို အခွင့်ကောင်းယူခြင်းကို ခွင့်မပြုပါ။ ထိုသို့ အသုံးပြုမှုကို စုံစမ်းနေစဉ် အော်ပရေတာက အကောင့်ကို ဆိုင်းငံ့နိုင်သည်။</p><h3>၇။ ပြောင်းလဲမှုများ</h3><p>ဤစည်းကမ်းများ ပြောင်းလဲနိုင်သည်။ ဤစာမျက်နှာပေါ်ရှိ ဗားရှင်းသည် အကျုံးဝင်သည်။</p>',
    },
  },
  {
    tag: 'licence',
    title: { en: 'Licence', ty: 'Lisensya', my: 'လိုင်စင်' },
    content: {
      en: '<p>This site is run by its operator under the gaming licence held for the market it serves. The operator publishes its licence details and the authority that issued them.</p><p>If you have a question about the licence, contact customer service.</p>',
      ty: '<p>Pinapatakbo ang site na ito ng operator nito sa ilalim ng gaming licence para sa merkadong pinagsisilbihan nito. Inilalathala ng operator ang mga detalye ng lisensya nito at ang awtoridad na nagbigay nito.</p><p>Kung may tanong ka tungkol sa lisensya, makipag-ugnayan sa customer service.</p>',
      my: '<p>ဤဆိုက်ကို ၎င်းဝန်ဆောင်မှုပေးသော ဈေးကွက်အတွက် ကိုင်ဆောင်ထားသည့် ဂိမ်းလိုင်စင်အောက်တွင် ၎င်း၏ အော်ပရေတာက လည်ပတ်သည်။ အော်ပရေတာသည် ၎င်း၏ လိုင်စင်အသေးစိတ်နှင့် ထုတ်ပေးသည့် အာဏာပိုင်အဖွဲ့ကို ထုတ်ပြန်ထားသည်။</p><p>လိုင်စင်နှင့် ပတ်သက်၍ မေးခွန်းရှိပါက ဖောက်သည်ဝန်ဆောင်မှုကို ဆက်သွယ်ပါ။</p>',
    },
  },
  {
    tag: 'responsible',
    title: { en: 'Responsible gaming', ty: 'Responsableng paglalaro', my: 'တာဝန်သိ ကစားခြင်း' },
    content: {
      en: '<p>Gaming should be entertainment, not a way to make money. Players must be 18 or older.</p><ul><li>Decide in advance how much time and money you will spend, and stop when you reach it.</li><li>Never chase losses or play with money meant for bills, rent or family.</li><li>Take regular breaks, and do not play when upset, tired or after drinking.</li></ul><h4>Signs of a problem</h4><p>Spending more than you planned, hiding your play, borrowing to play or feeling unable to stop are warning signs. If you see them, stop playing and talk to someone you trust.</p><p>Customer service can help you pause or close your account.</p>',
      ty: '<p>Ang paglalaro ay dapat libangan, hindi paraan ng pagkakakitaan. Dapat 18 taong gulang pataas ang mga manlalaro.</p><ul><li>Magpasya nang maaga kung gaano karaming oras at pera ang gagastusin mo, at huminto kapag naabot mo na ito.</li><li>Huwag habulin ang mga talo o maglaro gamit ang perang para sa bayarin, upa o pamilya.</li><li>Magpahinga nang regular, at huwag maglaro kapag ikaw ay galit, pagod o nakainom.</li></ul><h4>Mga palatandaan ng problema</h4><p>Ang paggastos nang higit sa plano, pagtatago ng iyong paglalaro, pangungutang para maglaro o pakiramdam na hindi ka makahinto ay mga babala. Kung makita mo ang mga ito, huminto sa paglalaro at makipag-usap sa taong pinagkakatiwalaan mo.</p><p>Matutulungan ka ng customer service na i-pause o isara ang iyong account.</p>',
      my: '<p>ဂိမ်းကစားခြင်းသည် ဖျော်ဖြေမှုသာ ဖြစ်သင့်ပြီး ငွေရှာသည့် နည်းလမ်း မဟုတ်ပါ။ ကစားသူများသည် အသက် ၁၈ နှစ်နှင့်အထက် ဖြစ်ရမည်။</p><ul><li>အချိန်နှင့် ငွေ မည်မျှ သုံးမည်ကို ကြိုတင်ဆုံးဖြတ်ပြီး ထိုပမာဏရောက်လျှင် ရပ်ပါ။</li><li>ရှုံးငွေကို ပြန်လိုက်မရှာပါနှင့်၊ ငွေတောင်းခံလွှာ၊ အိမ်ငှားခ သို့မဟုတ် မိသားစုအတွက် ငွေဖြင့် မကစားပါနှင့်။</li><li>ပုံမှန် အနားယူပြီး စိတ်မကောင်းဖြစ်နေချိန်၊ ပင်ပန်းနေချိန် သို့မဟုတ် အရက်သောက်ပြီးချိန်တွင် မကစားပါနှင့်။</li></ul><h4>ပြဿနာ၏ လက္ခဏာများ</h4><p>စီစဉ်ထားသည်ထက် ပိုသုံးခြင်း၊ ကစားခြင်းကို ဖုံးကွယ်ခြင်း၊ ကစားရန် ငွေချေးခြင်း သို့မဟုတ် ရပ်၍မရဟု ခံစားရခြင်းတို့သည် သတိပေးလက္ခဏာများ ဖြစ်သည်။ ၎င်းတို့ကို တွေ့ပါက ကစားခြင်းကို ရပ်ပြီး သင်ယုံကြည်သူတစ်ဦးနှင့် စကားပြောပါ။</p><p>ဖောက်သည်ဝန်ဆောင်မှုက သင့်အကောင့်ကို ခေတ္တရပ်ရန် သို့မဟုတ် ပိတ်ရန် ကူညီပေးနိုင်သည်။</p>',
    },
  },
];

function sanitised(content: Localised): Localised {
  return Object.fromEntries(Object.entries(content).map(([k, v]) => [k, sanitiseHelpHtml(v)]));
}

/** Every environment's help centre: the topics and FAQ questions players need from day one. */
export const contentHelpBaseSeed: Seed = {
  name: 'content/help-base@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      let sort = 0;
      for (const topic of helpCentre) {
        const id = randomUUID();
        await tx.insert(helpArticles).values({
          id,
          merchantCode,
          parentId: null,
          tag: topic.tag,
          title: topic.title,
          content: sanitised(topic.content),
          display: true,
          sort: sort++,
          updatedBy: 'seed',
        });
        let childSort = 0;
        for (const child of topic.children ?? []) {
          await tx.insert(helpArticles).values({
            id: randomUUID(),
            merchantCode,
            parentId: id,
            tag: topic.tag,
            title: child.title,
            content: sanitised(child.content),
            display: true,
            sort: childSort++,
            updatedBy: 'seed',
          });
        }
      }
    }
  },
};

/**
 * The whitelabel flag of the site's 18+ disclaimer popup (DISCLAIMER3), off until a merchant
 * turns it on.
 */
export const contentDisclaimerFlagSeed: Seed = {
  name: 'content/disclaimer-flag@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await seedWhitelabelFlag(tx, {
        merchantCode,
        modId: 'DISCLAIMER3',
        parentModId: null,
        enabled: false,
        sort: 1000,
        updatedBy: 'seed',
      });
    }
  },
};
