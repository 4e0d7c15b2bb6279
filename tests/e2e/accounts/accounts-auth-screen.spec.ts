// The auth screen as a visitor meets it: tabs, the sign-up checks in the spec's
// order, the draft, failed and successful logins, logout, and the demo roles.
import { demoAccount } from '../../../scripts/seed/accounts';
import { expect, expectNoAxeViolations, test } from '../helpers/fixtures';
import {
  accountArea,
  expectLoggedOutHeader,
  logInThroughForm,
  openAuthScreen,
  uniqueEmail,
} from '../helpers/accounts';
import { adminAuth } from '../helpers/emulators';
import type { Page } from '@playwright/test';

function signupForm(page: Page) {
  return page.getByRole('tabpanel', { name: 'Sign Up' });
}

/** Submits the sign-up form the way a press of Enter would, even while Create Account is disabled. */
async function submitSignup(page: Page) {
  await page.locator('form[name="signup"]').evaluate((form: HTMLFormElement) => form.requestSubmit());
}

test.describe('the auth screen', () => {
  test('opens Login on /auth and /login, Sign Up on /register and /auth?tab=signup, with Back to Home', async ({
    page,
  }) => {
    for (const [path, tab] of [
      ['/auth', 'Login'],
      ['/login', 'Login'],
      ['/register', 'Sign Up'],
      ['/auth?tab=signup', 'Sign Up'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('tab', { name: tab }), path).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    await expect(signupForm(page).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await expect(signupForm(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expectNoAxeViolations(page);
  });

  test.describe('before its script has run', () => {
    // What a tap in the first moments meets: the server HTML alone.
    test.use({ javaScriptEnabled: false });

    test('the tabs and Forgot password? are links to what they open, and the forms look inactive', async ({
      page,
    }) => {
      await page.goto('/auth');
      const login = page.getByRole('tabpanel', { name: 'Login' });
      await expect(login.getByLabel('Email')).toBeDisabled();
      await login.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/auth\?forgot=1$/);
      await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send reset link' })).toBeDisabled();

      await page.getByRole('link', { name: 'Back to login' }).click();
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await expect(page).toHaveURL(/\/auth\?tab=signup$/);
      await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
      await expect(signupForm(page).getByLabel('Email')).toBeDisabled();
    });
  });

  test('Forgot password? switches in place on a plain click and stays a link with a modifier key', async ({
    page,
  }) => {
    await openAuthScreen(page);
    const forgot = page
      .getByRole('tabpanel', { name: 'Login' })
      .getByRole('link', { name: 'Forgot password?' });
    await expect(forgot).toHaveAttribute('href', '/auth?forgot=1');
    // The island is ready once a plain click switches in place.
    await forgot.click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    // A click with a modifier key is the browser's (a new tab or window): the island leaves
    // it alone. Seen from the window, after every handler of the page has run; the test
    // then cancels it itself, so no tab opens and this one stays where it is.
    const modifierClickTaken = await forgot.evaluate((link) => {
      let prevented: boolean | undefined;
      window.addEventListener(
        'click',
        (event) => {
          prevented = event.defaultPrevented;
          event.preventDefault();
        },
        { once: true },
      );
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
      return prevented;
    });
    expect(modifierClickTaken).toBe(false);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('tabs follow the keyboard and the password can be shown', async ({ page }) => {
    await openAuthScreen(page);
    await page.getByRole('tab', { name: 'Login' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Sign Up' })).toBeVisible();
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

    const password = page.getByRole('tabpanel', { name: 'Login' }).getByLabel('Password', { exact: true });
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    await page
      .getByRole('tabpanel', { name: 'Login' })
      .getByRole('button', { name: 'Show password' })
      .click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('sign-up checks run in the spec order, each with its own toast', async ({ page }) => {
    await page.goto('/register');
    const form = signupForm(page);
    await form.getByLabel('Email').fill('order-of-checks@example.test');
    await form.getByLabel('Display Name').fill('Order Checker');
    await form.getByLabel('I agree to the Terms and Conditions').check();
    await form.getByLabel('I agree to the Privacy Policy').check();

    await form.getByLabel('Password', { exact: true }).fill('abc');
    await form.getByLabel('Confirm Password', { exact: true }).fill('abd');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password Mismatch')).toBeVisible();
    await expect(page.getByText('Passwords do not match. Please try again.')).toBeVisible();

    await form.getByLabel('Confirm Password', { exact: true }).fill('abc');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password Too Short')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();

    // With a box unticked the button is disabled; the checks still guard a submit by other means.
    await form.getByLabel('Password', { exact: true }).fill('long-enough');
    await form.getByLabel('Confirm Password', { exact: true }).fill('long-enough');
    await form.getByLabel('I agree to the Terms and Conditions').uncheck();
    await form.getByLabel('I agree to the Privacy Policy').uncheck();
    await expect(form.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    await submitSignup(page);
    await expect(page.getByText('Terms Required')).toBeVisible();
    await expect(
      page.getByText('You must agree to the Terms and Conditions to create an account.'),
    ).toBeVisible();

    await form.getByLabel('I agree to the Terms and Conditions').check();
    await expect(form.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    await submitSignup(page);
    await expect(page.getByText('Privacy Policy Required')).toBeVisible();
    await expect(page.getByText('You must agree to the Privacy Policy to create an account.')).toBeVisible();
  });

  test('only the first failing check speaks: a form wrong in every way says Password Mismatch alone', async ({
    page,
  }) => {
    await page.goto('/register');
    const form = signupForm(page);
    await form.getByLabel('Email').fill('all-wrong@example.test');
    await form.getByLabel('Display Name').fill('www.all-wrong.example');
    await form.getByLabel('Password', { exact: true }).fill('abc');
    await form.getByLabel('Confirm Password', { exact: true }).fill('xyz');
    await submitSignup(page);
    await expect(page.getByText('Password Mismatch')).toBeVisible();
    await expect(page.getByText('Password Too Short')).toHaveCount(0);
    await expect(page.getByText('Terms Required')).toHaveCount(0);
    await expect(form.getByText('Display name cannot contain links or web addresses.')).toHaveCount(0);
    // Typing does not check anything: the checks run again only on the next press.
    await form.getByLabel('Confirm Password', { exact: true }).fill('abc');
    await expect(page.getByText('Password Too Short')).toHaveCount(0);
  });

  test('sign-in and sign-up fields take pasted text and say what they hold, so a password manager can fill them', async ({
    page,
    context,
  }) => {
    // Accessible authentication: nobody has to retype or remember a password.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openAuthScreen(page);
    const login = page.getByRole('tabpanel', { name: 'Login' });
    const loginFields = [
      // The sign-in identifier is a username to password managers, even when it is an email.
      [login.getByLabel('Email'), 'username', 'pasted-login@example.test'],
      [login.getByLabel('Password', { exact: true }), 'current-password', 'pasted secret 1'],
    ] as const;
    const signup = signupForm(page);
    const signupFields = [
      [signup.getByLabel('Email'), 'email', 'pasted-signup@example.test'],
      [signup.getByLabel('Password', { exact: true }), 'new-password', 'pasted secret 2'],
      [signup.getByLabel('Confirm Password', { exact: true }), 'new-password', 'pasted secret 2'],
      [signup.getByLabel('Display Name'), 'nickname', 'Pasted Name'],
    ] as const;

    for (const [tab, list] of [
      ['Login', loginFields],
      ['Sign Up', signupFields],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      for (const [field, autocomplete, text] of list) {
        await expect(field).toHaveAttribute('autocomplete', autocomplete);
        await page.evaluate((value) => navigator.clipboard.writeText(value), text);
        await field.focus();
        await page.keyboard.press('ControlOrMeta+V');
        await expect(field, `pasting into the ${autocomplete} field`).toHaveValue(text);
      }
    }
    // Both password fields of sign-up are new passwords, never offered the saved one.
    await expect(signup.locator('input[autocomplete="current-password"]')).toHaveCount(0);
  });

  test('a display name with a web address or a control character is refused inline, before any account is made', async ({
    page,
  }) => {
    await page.goto('/register');
    const form = signupForm(page);
    const email = uniqueEmail('linky');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('long-enough');
    await form.getByLabel('Confirm Password', { exact: true }).fill('long-enough');
    await form.getByLabel('I agree to the Terms and Conditions').check();
    await form.getByLabel('I agree to the Privacy Policy').check();
    const name = form.getByLabel('Display Name');

    await name.fill('Cheap books at www.example');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText('Display name cannot contain links or web addresses.')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Display name cannot contain links or web addresses.');
    await expect(name).toBeFocused();

    await name.fill('Jane\u202EDoe');
    await expect(form.getByText('Display name cannot contain links or web addresses.')).toBeHidden();
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText('Display name cannot contain special control characters.')).toBeVisible();

    await expect(page.getByText('Account Created Successfully!')).toBeHidden();
    await expect(adminAuth().getUserByEmail(email)).rejects.toThrow();
  });

  test('an email that already has an account shows Account Already Exists', async ({ page }) => {
    await page.goto('/register');
    const form = signupForm(page);
    await form.getByLabel('Email').fill(demoAccount('demo-reader').email);
    await form.getByLabel('Password', { exact: true }).fill('another-secret');
    await form.getByLabel('Confirm Password', { exact: true }).fill('another-secret');
    await form.getByLabel('Display Name').fill('Second Jamie');
    await form.getByLabel('I agree to the Terms and Conditions').check();
    await form.getByLabel('I agree to the Privacy Policy').check();
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account Already Exists')).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByText('An account with this email already exists. Please try logging in instead.'),
    ).toBeVisible();
  });

  test('the draft comes back after a reload, without the passwords', async ({ page }) => {
    await page.goto('/register');
    const form = signupForm(page);
    await form.getByLabel('Email').fill('draft-keeper@example.test');
    await form.getByLabel('Password', { exact: true }).fill('kept-nowhere');
    await form.getByLabel('Display Name').fill('Draft Keeper');
    await form.getByRole('radio', { name: 'Book Lover/Marketer' }).check();
    await form.getByLabel('I agree to the Terms and Conditions').check();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('shelfmark.signup-draft')))
      .toContain('Draft Keeper');
    expect(await page.evaluate(() => localStorage.getItem('shelfmark.signup-draft'))).not.toContain(
      'kept-nowhere',
    );

    await page.reload();
    await expect(page.getByText('Draft Restored')).toBeVisible();
    await expect(page.getByText('Your signup information has been restored.')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue('draft-keeper@example.test');
    await expect(form.getByLabel('Display Name')).toHaveValue('Draft Keeper');
    await expect(form.getByRole('radio', { name: 'Book Lover/Marketer' })).toBeChecked();
    await expect(form.getByLabel('I agree to the Terms and Conditions')).toBeChecked();
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');
  });

  test('an unparsable draft is dropped without a word', async ({ page }) => {
    await page.goto('/register');
    await page.evaluate(() => localStorage.setItem('shelfmark.signup-draft', '{not json'));
    await page.reload();
    await expect(signupForm(page).getByLabel('Email')).toHaveValue('');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('shelfmark.signup-draft'))).toBeNull();
    await expect(page.getByText('Draft Restored')).toHaveCount(0);
  });
});

test.describe('login and logout', () => {
  test('a wrong password shows Login Failed with a readable reason', async ({ page }) => {
    await logInThroughForm(page, demoAccount('demo-author').email, 'not-the-password');
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/?$/);
  });

  test('the demo author logs in, sees name, role and Premium, and logs out', async ({ page }) => {
    const author = demoAccount('demo-author');
    await logInThroughForm(page, author.email, author.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByText('You have successfully logged in.')).toBeVisible();
    // The toast leaves the header's account buttons, reached for next, uncovered (at desktop and phone width).
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      const toast = await page.locator('[data-sonner-toast]').first().boundingBox();
      const header = await page.getByRole('banner').boundingBox();
      expect(toast, 'the toast is showing').not.toBeNull();
      expect(header).not.toBeNull();
      expect(toast!.y, `${viewport.width} px: the toast starts below the header`).toBeGreaterThanOrEqual(
        header!.y + header!.height,
      );
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const account = accountArea(page);
    await expect(account.getByText('Margot Ellery')).toBeVisible();
    await expect(account.getByText('Book Author')).toBeVisible();
    await expect(account.getByText('Premium')).toBeVisible();
    await expect(account.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/profile-edit',
    );
    await expect(account.getByRole('link', { name: 'Admin Dashboard' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeHidden();

    // A session already present is told so on the auth screen, with links onward, and stays there.
    for (const path of ['/auth', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'You are already signed in' }), path).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}/?$`));
      await expect(page.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
        'href',
        '/profile/margot-ellery',
      );
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('tab')).toHaveCount(0);
    }

    await account.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    await expectLoggedOutHeader(page);
  });

  test('a member’s header is there from the first paint on a static page', async ({ page }) => {
    const reader = demoAccount('demo-reader');
    await logInThroughForm(page, reader.email, reader.password);
    await expect(accountArea(page).getByText('Jamie Okonkwo')).toBeVisible();
    // With JavaScript modules blocked, only the inline head script can have switched the header.
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto('/terms');
    await expect(accountArea(page).getByText('Jamie Okonkwo')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeHidden();
  });
});

test.describe('demo accounts', () => {
  for (const [uid, name, role, admin] of [
    ['demo-admin', 'Shelfmark Team', 'Admin', true],
    ['demo-reader', 'Jamie Okonkwo', 'Book Lover/Marketer', false],
    ['demo-publisher', 'Foxglove & Finch Press', 'Publisher', false],
  ] as const) {
    test(`${uid} logs in as ${role}`, async ({ page }) => {
      const account = demoAccount(uid);
      await logInThroughForm(page, account.email, account.password);
      await expect(page).toHaveURL(/\/$/);
      const area = accountArea(page);
      await expect(area.getByText(name)).toBeVisible();
      await expect(area.getByText(role, { exact: true })).toBeVisible();
      if (admin)
        await expect(area.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
      else await expect(area.getByRole('link', { name: 'Admin Dashboard' })).toBeHidden();
    });
  }
});
