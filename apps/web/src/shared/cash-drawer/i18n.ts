import { defineCatalogue } from '@/lib/i18n/catalogue';
import { registerMessages } from '@/lib/i18n/messages';

/**
 * The drawer rules' sentences (the domain's DRAWER_PAYOUT_MESSAGES): the payout
 * screens' notices and the server's refusals (409 DRAWER_NOT_OPEN, DRAWER_SHORT) on every payout screen.
 */
export const drawerPayoutMessages = defineCatalogue(
  'shared/cash-drawer/messages',
  {
    // The warning before the refusal: the refusal's pattern would match the warning's sentence too.
    noDrawerWarn:
      "You have no cash drawer open for {date}: this cash will not be in any drawer's count. Open your cash drawer before paying out cash.",
    noDrawerBlock: 'You have no cash drawer open for {date}. Open your cash drawer before paying out cash.',
    shortBlock:
      'Your cash drawer holds {held}, less than this cash payout of {payout}. Pay by bank transfer or online.',
    shortAdmin:
      'Your cash drawer holds {held}, less than this cash payout of {payout}. An admin must make this payout, or pay by bank transfer or online.',
  },
  {
    noDrawerWarn:
      '{date} அன்று உங்களுக்குத் திறந்த பணப்பெட்டி இல்லை: இந்த ரொக்கம் எந்தப் பணப்பெட்டியின் கணக்கிலும் சேராது. ரொக்கம் வழங்கும் முன் உங்கள் பணப்பெட்டியைத் திறக்கவும்.',
    noDrawerBlock: '{date} அன்று உங்களுக்குத் திறந்த பணப்பெட்டி இல்லை. ரொக்கம் வழங்கும் முன் உங்கள் பணப்பெட்டியைத் திறக்கவும்.',
    shortBlock:
      'உங்கள் பணப்பெட்டியில் {held} மட்டுமே உள்ளது, இந்த ரொக்க வழங்கல் {payout}. வங்கிப் பரிமாற்றம் அல்லது ஆன்லைனில் வழங்கவும்.',
    shortAdmin:
      'உங்கள் பணப்பெட்டியில் {held} மட்டுமே உள்ளது, இந்த ரொக்க வழங்கல் {payout}. இதை நிர்வாகி வழங்க வேண்டும், அல்லது வங்கிப் பரிமாற்றம் அல்லது ஆன்லைனில் வழங்கவும்.',
  },
);
registerMessages(drawerPayoutMessages);
