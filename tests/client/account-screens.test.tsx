import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts$ } from '../../src/client/components/toast/toast-store.ts';
import { fakePng, jpegWithExif, png } from '../helpers/http.ts';
import { asFile, password, uniqueName, useRealServer } from './real-server.ts';
import { renderAppAt } from './render-app.tsx';
import { XhrOverNode } from './xhr-over-node.ts';

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('sign-in, account and channel screens against a real server', { timeout: 30_000 }, () => {
  const ctx = useRealServer();

  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', XhrOverNode);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    toasts$.clear();
  });

  it('registers with an avatar, goes to /login with the right notice, signs in and comes back', async () => {
    const username = uniqueName('newbie');
    const { router } = await renderAppAt('/register', { api: ctx.client() });
    expect(screen.getByRole('heading', { level: 2, name: 'Register as Student' })).toBeTruthy();
    expect(field('Avatar').accept).toBe('image/*');
    expect(field('Avatar').required).toBe(true);
    expect(field('Cover image').required).toBe(false);

    // The server's own rules are checked before anything is sent.
    type('Username', 'Bad name!');
    await click('Submit');
    expect(screen.getByText('Username may use only letters, digits, _ and .')).toBeTruthy();
    expect(screen.getByText('Avatar is required')).toBeTruthy();
    expect(screen.getByText('Password must be 8 to 128 characters')).toBeTruthy();
    expect(document.activeElement).toBe(field('Username'));

    type('Username', username);
    type('Email', `${username}@school.example`);
    type('Full Name', 'Meera Nair');
    type('Password', password);
    fireEvent.change(field('Avatar'), { target: { files: [asFile(await jpegWithExif(640, 480))] } });
    await click('Submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(await screen.findByText('Your account was created. Please sign in.')).toBeTruthy();
    expect(screen.queryByText(/Login successfull/)).toBeNull();

    type('Username', username);
    type('Password', password);
    await click('Submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashbord'));
    const yours = await screen.findByRole('navigation', { name: 'Your pages' });
    expect(
      within(yours)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Dashboard',
      // product-additions.md: "/mycourses ... lists the student's enrolled courses".
      'My Courses',
      'My Videos',
      'Upload Video',
      'My Account',
      'Tweets',
      'My Tweets',
      'My Subscriptions',
      // product-additions.md: "/downloads, heading Downloads, linked from the top bar".
      'Downloads',
    ]);
    expect(within(yours).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login / Register' })).toBeNull();
  });

  it('marks a taken username and keeps every typed value', async () => {
    const taken = uniqueName('taken');
    await ctx.signedIn(taken);
    await renderAppAt('/register', { api: ctx.client() });
    type('Username', taken);
    type('Email', `other_${taken}@school.example`);
    type('Full Name', 'Second Person');
    type('Password', password);
    fireEvent.change(field('Avatar'), { target: { files: [asFile(await png())] } });
    await click('Submit');
    expect(await screen.findByText('Username is taken', {}, { timeout: 10_000 })).toBeTruthy();
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    expect(await screen.findByText('This username is taken')).toBeTruthy();
    expect([field('Username').value, field('Email').value, field('Full Name').value]).toEqual([
      taken,
      `other_${taken}@school.example`,
      'Second Person',
    ]);
  });

  it('shows a refused sign-in in a toast and keeps what was typed', async () => {
    await renderAppAt('/login', { api: ctx.client() });
    await click('Submit');
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    type('Username', 'nobody_at_all');
    type('Password', 'not the password');
    await click('Submit');
    expect(await screen.findByText('The username/email or password is not correct')).toBeTruthy();
    expect(field('Username').value).toBe('nobody_at_all');
    expect(field('Password').value).toBe('not the password');
    expect(screen.getByRole('link', { name: 'Register here' }).getAttribute('href')).toBe('/register');
  });

  it('ignores a redirect to another site', async () => {
    const username = uniqueName('safe');
    await ctx.signedIn(username);
    const { router } = await renderAppAt('/login?redirect=%2F%2Fevil.example%2Fphish', { api: ctx.client() });
    type('Username', username);
    type('Password', password);
    await click('Submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashbord'));
  });

  it('shows the account with its stats, history and likes, and signs out to /login', async () => {
    const username = uniqueName('owner');
    const { api } = await ctx.signedIn(username, { fullName: 'Asha Rao' });
    const { router } = await renderAppAt('/acc', { api });
    expect(await screen.findByText('Asha Rao', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText(username, { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText(`${username}@school.example`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit avatar' }).getAttribute('href')).toBe('/updateavatar');
    expect(screen.getByRole('link', { name: 'Add a cover image' }).getAttribute('href')).toBe('/updatecover');
    const stats = await screen.findByText('Total Subscribers');
    expect(stats.parentElement?.textContent).toBe('Total Subscribers0');
    expect(screen.getByRole('link', { name: 'Subscribers' }).getAttribute('href')).toBe('/mysubscribers');
    expect(await screen.findByText('You have not watched any videos yet.')).toBeTruthy();
    expect(await screen.findByText('You have not liked any videos yet.')).toBeTruthy();

    await click('Logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await act(async () => {
      await router.navigate({ to: '/acc' });
    });
    await waitFor(() => expect(h1()).toBe('Login'));
    expect(router.state.location.search).toEqual({ redirect: '/acc' });
  });

  it('updates the account details, and keeps the values when the e-mail is taken', async () => {
    const other = uniqueName('other');
    await ctx.signedIn(other);
    const { api } = await ctx.signedIn(uniqueName('editor'));
    await renderAppAt('/updateaccount', { api });
    await screen.findByDisplayValue(/@school\.example$/);
    type('Full Name', 'Ravi Kumar');
    type('Email', `${other}@school.example`);
    await click('Update Account Details');
    // Said once, under the field; the line under the form points there instead of repeating it.
    expect(await screen.findByText('Email is already registered')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields.');
    expect(screen.queryByText('An account with this email already exists')).toBeNull();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('Full Name').value).toBe('Ravi Kumar');
    expect(field('Email').value).toBe(`${other}@school.example`);

    type('Email', 'ravi.kumar@school.example');
    await click('Update Account Details');
    expect(await screen.findByText('Account details updated')).toBeTruthy();
    const me = await api.get<{ fullName: string; email: string }>('/users/current-user');
    expect(me).toMatchObject({ fullName: 'Ravi Kumar', email: 'ravi.kumar@school.example' });
  });

  it('changes the password and says when the old one is wrong', async () => {
    const username = uniqueName('passer');
    const { api } = await ctx.signedIn(username);
    await renderAppAt('/changepass', { api });
    type('Old Password', 'not my password');
    type('New Password', 'a brand new secret');
    await click('Change Password');
    expect(await screen.findByText('Old Password is not correct')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields.');
    expect(screen.queryByText('The old password is not correct')).toBeNull();
    expect(field('New Password').value).toBe('a brand new secret');

    type('Old Password', password);
    await click('Change Password');
    expect(await screen.findByText('Password changed. Other devices were signed out.')).toBeTruthy();
    const again = ctx.client();
    await expect(
      again.post('/users/login', { username, password: 'a brand new secret' }),
    ).resolves.toBeTruthy();
  });

  it('uploads a new avatar as soon as it is chosen, with progress, and shows it', async () => {
    const { api } = await ctx.signedIn(uniqueName('pictured'));
    await renderAppAt('/updateavatar', { api });
    const before = (await screen.findByRole('img', { name: 'Your avatar' })).getAttribute('src');

    let open!: () => void;
    XhrOverNode.gate = new Promise((resolve) => (open = resolve));
    fireEvent.change(field('Choose a new avatar'), {
      target: { files: [asFile(await jpegWithExif(900, 900, 80))] },
    });
    expect(await screen.findByRole('progressbar', { name: 'Uploading your avatar' })).toBeTruthy();
    XhrOverNode.gate = null;
    open();
    expect(await screen.findByText('Avatar updated', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const after = screen.getByRole('img', { name: 'Your avatar' }).getAttribute('src');
    expect(after).toMatch(/^\/media\//);
    expect(after).not.toBe(before);

    fireEvent.change(field('Choose a new avatar'), { target: { files: [asFile(fakePng())] } });
    expect(await screen.findByText('Avatar must be a JPEG, PNG, WebP, GIF or AVIF image')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your avatar' }).getAttribute('src')).toBe(after);
  });

  it('subscribes from a profile; both lists show it; own profile has no button', async () => {
    const channelName = uniqueName('teacher');
    const channel = await ctx.signedIn(channelName, { fullName: 'Teacher Lata' });
    const fan = await ctx.signedIn(uniqueName('fan'), { fullName: 'Student Arun' });

    const view = await renderAppAt(`/userprofile/${channelName}`, { api: fan.api });
    await screen.findByText('Is Subscribed');
    expect(await screen.findByRole('heading', { level: 2, name: 'Teacher Lata' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All videos' }).getAttribute('href')).toBe('/dashbord');
    const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Is Subscribed')).toBe('No');
    expect(fact('Subscribers')).toBe('0');
    await click('Subscribe');
    await waitFor(() => expect(fact('Is Subscribed')).toBe('Yes'));
    expect(fact('Subscribers')).toBe('1');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
    view.unmount();

    const list = await renderAppAt('/subscriptions', { api: fan.api });
    expect(await screen.findByRole('link', { name: channelName })).toBeTruthy();
    expect(screen.getByText('Teacher Lata')).toBeTruthy();
    list.unmount();

    const mine = await renderAppAt('/mysubscribers', { api: channel.api });
    expect(await screen.findByText('Student Arun')).toBeTruthy();
    mine.unmount();

    await renderAppAt(`/userprofile1/${channelName}`, { api: channel.api });
    expect(await screen.findByRole('heading', { level: 2, name: 'Teacher Lata' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All tweets' }).getAttribute('href')).toBe('/tweets');
    expect(screen.queryByRole('button', { name: /subscribe/i })).toBeNull();
  });

  it('says "data not found" for empty lists and names an unknown channel', async () => {
    const { api } = await ctx.signedIn(uniqueName('lonely'));
    const view = await renderAppAt('/mysubscribers', { api });
    expect(await screen.findByText('data not found')).toBeTruthy();
    view.unmount();
    await renderAppAt('/userprofile/no_such_person', { api });
    expect(await screen.findByText('There is no channel called “no_such_person”.')).toBeTruthy();
  });
});
