import { z } from 'zod';
import {
  domainPatternSchema,
  hostNameSchema,
  isHttpsUrl,
  isIanaTimeZone,
  languageCodes,
  type OpsMerchant,
  type UpdateMerchantBody,
} from '@taya/contracts';
import { linesOf, reasonMin } from './settings-api';

/** A list typed one entry a line, each entry checked by `item`; the message names the first bad one. */
const lines = (item: (line: string) => boolean, message: string, max: number) =>
  z.string().superRefine((text, ctx) => {
    const list = linesOf(text);
    const bad = list.find((line) => !item(line));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `${message}: ${bad}` });
    else if (new Set(list).size !== list.length)
      ctx.addIssue({ code: 'custom', message: 'Each entry once' });
    else if (list.length > max) ctx.addIssue({ code: 'custom', message: `At most ${max}` });
  });

/**
 * The merchant form: the contract's safe fields, lists as one entry a line, and the reason. The
 * server checks the same things (`updateMerchantBodySchema`) and names a field it refuses.
 */
export const merchantFormSchema = z
  .object({
    countryName: z.string().trim().min(2).max(60),
    timeZone: z.string().trim().refine(isIanaTimeZone, 'An IANA time zone such as Asia/Manila'),
    languages: z.array(z.enum(languageCodes)).min(1, 'Offer at least one language'),
    defaultLanguage: z.enum(languageCodes),
    domainPatterns: lines(
      (line) => domainPatternSchema.safeParse(line).success,
      'Not a host name or *.pattern',
      30,
    ).refine((text) => linesOf(text).length > 0, 'At least one pattern'),
    mainDomain: hostNameSchema,
    gtagId: z
      .string()
      .trim()
      .regex(/^(?:(?:G|GT|AW|DC|UA)-[A-Z0-9-]{4,24})?$/, 'A Google tag id such as G-ABC1234'),
    imageCdns: lines(isHttpsUrl, 'Not an https:// address', 10),
    launchGameCdns: lines(isHttpsUrl, 'Not an https:// address', 10),
    sort: z.coerce.number<string | number>().int().min(0).max(9999),
    reason: z.string().trim().min(reasonMin).max(500),
  })
  .refine((v) => v.languages.includes(v.defaultLanguage), {
    path: ['defaultLanguage'],
    message: 'The default language must be one of the offered languages',
  });
export type MerchantFormInput = z.input<typeof merchantFormSchema>;
export type MerchantFormValues = z.output<typeof merchantFormSchema>;

/** The form's starting values: the merchant as saved. */
export function merchantFormValues(m: OpsMerchant): MerchantFormInput {
  return {
    countryName: m.countryName,
    timeZone: m.timeZone,
    languages: m.languages as MerchantFormInput['languages'],
    defaultLanguage: m.defaultLanguage as MerchantFormInput['defaultLanguage'],
    domainPatterns: m.domainPatterns.join('\n'),
    mainDomain: m.mainDomain,
    gtagId: m.gtagId ?? '',
    imageCdns: m.imageCdns.join('\n'),
    launchGameCdns: m.launchGameCdns.join('\n'),
    sort: m.sort,
    reason: '',
  };
}

/** The PATCH body: every safe field as the form holds it. */
export function merchantBody(v: MerchantFormValues): UpdateMerchantBody {
  return {
    countryName: v.countryName,
    timeZone: v.timeZone,
    languages: v.languages,
    defaultLanguage: v.defaultLanguage,
    domainPatterns: linesOf(v.domainPatterns).map((line) => line.toLowerCase()),
    mainDomain: v.mainDomain,
    gtagId: v.gtagId === '' ? null : v.gtagId,
    imageCdns: linesOf(v.imageCdns),
    launchGameCdns: linesOf(v.launchGameCdns),
    sort: v.sort,
    reason: v.reason,
  };
}
