import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { startSession } from '../lib/session';
import { statusWithFlags } from '../testing/auth-status';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { captchaPng, identityRoutes, memberInfoFixture } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const feedbackPath = '/wps/feedback';
const captchaPath = '/wps/captcha';
const longEnough = 'The deposit page froze after I chose GCash.';

function setup(routes: FakeRoutes = {}) {
  const api = installFakeApi(
    statusWithFlags(['USERNAMEREG3']),
    identityRoutes({ [`PUT ${feedbackPath}`]: () => ok({ id: 'fb-1' }), ...routes }),
  );
  const user = userEvent.setup();
  renderApp('/feedback');
  return { ...api, user };
}

async function openForm() {
  const popup = await screen.findByTestId('feedback-popup');
  const form = within(popup).getByTestId('feedback-form');
  return {
    popup,
    form,
    type: within(form).getByRole('combobox', { name: 'Question type' }),
    description: within(form).getByRole('textbox', { name: 'Description' }),
    sender: within(form).getByRole('textbox', { name: 'Your name' }),
    captcha: within(form).getByRole('textbox', { name: 'Captcha' }),
    submit: within(form).getByRole('button', { name: 'Send feedback' }),
  };
}

describe('feedback popup', () => {
  it('opens from the footer link', async () => {
    installFakeApi(statusWithFlags(['USERNAMEREG3']), identityRoutes());
    const user = userEvent.setup();
    renderApp('/');
    const footer = await screen.findByTestId('site-footer');
    await user.click(within(footer).getByRole('link', { name: 'Complaints' }));
    expect(await screen.findByRole('dialog', { name: 'Feedback' })).toBeTruthy();
    expect(window.location.pathname).toBe('/feedback');
  });

  it('offers the six question types with their names', async () => {
    setup();
    const { type } = await openForm();
    const options = within(type).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Choose a question type'],
      ['1', 'Deposit'],
      ['2', 'Withdrawal'],
      ['3', 'Games'],
      ['4', 'Service'],
      ['6', 'Applications'],
      ['0', 'Other'],
    ]);
  });

  it('lists every empty field in one warning and sends nothing', async () => {
    const { requests, user } = setup();
    const form = await openForm();
    await user.click(form.submit);

    const warning = await screen.findByTestId('feedback-empty-warning');
    expect(warning.textContent).toBe('Question type, Description, Your name, Captcha is empty');
    expect(warning.getAttribute('role')).toBe('alert');

    // Filling fields takes them out of the warning.
    await user.selectOptions(form.type, '3');
    await user.type(form.sender, 'Visitor Vic');
    expect(warning.textContent).toBe('Description, Captcha is empty');
    await user.click(form.submit);
    expect(calls(requests, 'PUT', feedbackPath)).toHaveLength(0);
  });

  it('names the empty fields in the chosen language', async () => {
    setup();
    // Chosen as a player would (stored), so the merchant's default language cannot override it.
    await changeLanguage('TY');
    const popup = await screen.findByTestId('feedback-popup');
    // The catalogue loads on demand: wait for the popup to speak Tagalog before clicking.
    await userEvent.click(await within(popup).findByRole('button', { name: 'Ipadala ang puna' }));
    expect((await screen.findByTestId('feedback-empty-warning')).textContent).toBe(
      'Walang laman ang Uri ng tanong, Paglalarawan, Pangalan mo, Captcha',
    );
  });

  it('counts the description against 200 and warns below 20', async () => {
    const { requests, user } = setup();
    const form = await openForm();
    const counter = screen.getByTestId('feedback-counter');
    expect(within(counter).getByText('0/200')).toBeTruthy();
    expect(counter.textContent).toContain('0 of 200 characters used');
    expect(counter.hasAttribute('data-short')).toBe(true);

    await user.type(form.description, 'Too short');
    expect(within(counter).getByText('9/200')).toBeTruthy();
    expect(counter.hasAttribute('data-short')).toBe(true);

    await user.selectOptions(form.type, '1');
    await user.type(form.sender, 'Vic');
    await user.type(form.captcha, 'AB12');
    await user.click(form.submit);
    expect(await within(form.form).findByText('Please write at least 20 characters')).toBeTruthy();
    expect(form.description.getAttribute('aria-invalid')).toBe('true');
    expect(calls(requests, 'PUT', feedbackPath)).toHaveLength(0);

    await user.type(form.description, ' for the form.');
    expect(within(counter).getByText('23/200')).toBeTruthy();
    expect(counter.hasAttribute('data-short')).toBe(false);

    // The box stops at 200 characters.
    fireEvent.change(form.description, { target: { value: 'x'.repeat(200) } });
    expect(within(counter).getByText('200/200')).toBeTruthy();
    expect(form.description.getAttribute('maxlength')).toBe('200');
  });

  it('sends exactly the form and thanks the player', async () => {
    const { requests, user } = setup();
    const form = await openForm();
    await user.selectOptions(form.type, '6');
    await user.type(form.description, longEnough);
    await user.type(form.sender, 'Visitor Vic');
    await user.type(form.captcha, 'AB12');
    await user.click(form.submit);

    const done = await screen.findByTestId('feedback-done');
    expect(done.textContent).toContain('Thank you! Your feedback has reached us.');
    const sent = calls(requests, 'PUT', feedbackPath);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      content: longEnough,
      sender: 'Visitor Vic',
      type: 6,
      captcha: 'AB12',
    });

    await user.click(within(done).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('feedback-popup')).toBeNull());
    expect(window.location.pathname).toBe('/');
  });

  it('sends "Other" as type 0 and a member under their username', async () => {
    startSession('token-alice', 0);
    const { requests, user } = setup({
      'GET /wps/member/info': () => ok(memberInfoFixture({ account: 'alice88' })),
    });
    const form = await openForm();
    await waitFor(() => expect((form.sender as HTMLInputElement).value).toBe('alice88'));
    expect(form.sender.hasAttribute('readonly')).toBe(true);
    await user.selectOptions(form.type, '0');
    await user.type(form.description, longEnough);
    await user.type(form.captcha, 'AB12');
    await user.click(form.submit);

    await screen.findByTestId('feedback-done');
    expect(calls(requests, 'PUT', feedbackPath)[0]?.body).toEqual({
      content: longEnough,
      sender: 'alice88',
      type: 0,
      captcha: 'AB12',
    });
  });

  it('shows a wrong captcha under its field and loads a new image', async () => {
    let images = 0;
    const { requests, user } = setup({
      [`GET ${captchaPath}`]: () => {
        images += 1;
        return ok(images === 1 ? captchaPng : `${captchaPng}#2`);
      },
      [`PUT ${feedbackPath}`]: () =>
        fail(400, 'captcha_invalid', {
          message: 'The captcha is wrong or has expired',
          fields: [{ path: 'captcha', code: 'invalid', message: 'wrong' }],
        }),
    });
    const form = await openForm();
    const image = await within(form.form).findByRole('img', { name: 'Captcha image' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${captchaPng}`);

    await user.selectOptions(form.type, '2');
    await user.type(form.description, longEnough);
    await user.type(form.sender, 'Vic');
    await user.type(form.captcha, 'WRONG');
    await user.click(form.submit);

    expect(await within(form.form).findByText('The captcha is wrong or has expired')).toBeTruthy();
    expect(form.captcha.getAttribute('aria-invalid')).toBe('true');
    expect((form.captcha as HTMLInputElement).value).toBe('');
    // SPEC §9 spaces captcha images a second apart, so the new one may take that long.
    await waitFor(() => expect(calls(requests, 'GET', captchaPath)).toHaveLength(2), {
      timeout: 3000,
    });
    await waitFor(() =>
      expect(
        within(form.form).getByRole('img', { name: 'Captcha image' }).getAttribute('src'),
      ).toBe(`data:image/png;base64,${captchaPng}#2`),
    );
    expect(screen.queryByTestId('feedback-done')).toBeNull();
  });

  it('sends HTML-like text as typed', async () => {
    const { requests, user } = setup();
    const form = await openForm();
    const tricky = '<img src=x onerror="alert(1)"> & <b>bold</b> please fix';
    await user.selectOptions(form.type, '4');
    fireEvent.change(form.description, { target: { value: tricky } });
    await user.type(form.sender, '<i>Vic</i>');
    await user.type(form.captcha, 'AB12');
    await user.click(form.submit);

    await screen.findByTestId('feedback-done');
    expect(calls(requests, 'PUT', feedbackPath)[0]?.body).toEqual({
      content: tricky,
      sender: '<i>Vic</i>',
      type: 4,
      captcha: 'AB12',
    });
  });
});
