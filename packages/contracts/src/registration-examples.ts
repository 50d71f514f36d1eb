/**
 * Values each registration pattern must accept and must refuse, one entry per §5 kind. The
 * contracts, server and web tests all check against this one table, so the three cannot drift.
 */
export const registrationPatternExamples: Record<number, { ok: string[]; bad: string[] }> = {
  0: { ok: ['anything at all', '你好 123 !@#'], bad: [] },
  1: { ok: ['a', 'player01', 'Z9'], bad: ['1player', '_abc', 'ab c', 'ab-c'] },
  2: { ok: ['张三123', '九'], bad: ['abc', '张三 1', 'Ab张'] },
  3: {
    ok: ['a@b.co', 'first.last@mail.example.com'],
    bad: ['a@b', '@b.co', 'a b@c.de', 'a@@b.co', 'a@b.'],
  },
  4: { ok: ['abc', '123'], bad: ['abc123', 'a-b'] },
  5: { ok: ['abc123', '1a'], bad: ['abc', '123', 'abc 123', 'abc_123'] },
  6: { ok: ['0', '09171234567'], bad: ['12a', '+63', '1 2'] },
  7: { ok: ['Abc1', 'A'], bad: ['abc1', 'Abc-1'] },
  8: { ok: ['Juan Dela Cruz', 'ab'], bad: ['Juan1', 'José'] },
  9: { ok: ['a!b@c', 'x'], bad: ['a b', 'a\tb'] },
  10: { ok: ['你好，世界。', '中文'], bad: ['abc', '中 文'] },
  11: {
    ok: ['2000-02-29', '1999-12-31'],
    bad: ['1999-13-01', '99-12-31', '1999/12/31', '12-31-1999'],
  },
  12: { ok: ['José María', 'မောင် မောင်', 'Anna'], bad: ['Anna2', 'a_b'] },
  13: { ok: ['12-31-1999', '01-01-2000'], bad: ['1999-12-31', '13-01-2000', '1-1-2000'] },
  14: { ok: ['abc123', 'ABC', '123'], bad: ['abc 123', 'ab-c'] },
  15: { ok: ['김민수', '한국어'], bad: ['김 민수', 'kim', '김1'] },
  16: { ok: ['สวัสดี'], bad: ['สวัสดี ครับ', 'hello'] },
  17: { ok: ['สวัสดี hello', 'Somchai'], bad: ['สวัสดี1', 'hi!'] },
  18: { ok: ['JUAN DELA CRUZ', 'A'], bad: ['Juan', 'ABC-DEF', 'JUAN1'] },
  19: { ok: ['P@ssw0rd!', 'abc', '!!'], bad: ['pass word', 'ก'] },
  20: {
    ok: ['Passw0rd!', 'aA1#'],
    bad: ['password1!', 'PASSWORD1!', 'Password!', 'Password1', 'Pass w0rd!'],
  },
  21: {
    ok: ['Juan Dela Cruz', "Mary-Jane O'Neil", 'Aung San'],
    bad: ['Juan', 'Juan  Cruz', 'JuanCruz', 'Juan Cruz2'],
  },
  22: { ok: ['ヤマダタロウ', 'やまだ', '山田太郎', 'ＡＢＣ'], bad: ['Yamada', 'ﾔﾏﾀﾞ abc'] },
  23: { ok: ['ABC', 'Z'], bad: ['ABC DEF', 'Abc', 'ABC1'] },
};
