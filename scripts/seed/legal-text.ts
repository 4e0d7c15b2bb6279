// Demo Terms and Privacy texts in Markdown. Written for the demo; a real
// deployment must replace them with texts reviewed by its own lawyers.

/** Terms and Conditions. */
export const TERMS_MARKDOWN = `# Terms and Conditions

Welcome to Shelfmark, a community website for book authors, book lovers and marketers, and publishers. By creating an account or using the site you agree to these terms.

## 1. Your account

- You must give accurate information when you sign up and keep your password private.
- New accounts are reviewed by an administrator. We may approve, deny or deactivate an account that breaks these terms.
- You are responsible for everything that happens under your account.

## 2. Membership plans

- The **free plan** lets you list up to 3 books and up to 3 products or services.
- The **premium plan** costs $5 per month and removes those limits. You can cancel at any time; the plan then ends at the close of the paid period.

## 3. Your content

You keep the rights to everything you post: your profile, book descriptions, covers, manuscript excerpts, listings and ads. You give Shelfmark a licence to display that content on the site so that visitors can see it.

You promise that you have the right to post what you post and that it does not infringe anyone else's rights.

## 4. The marketplace

Shelfmark is a meeting place. Sales of books, products and services happen directly between members. We do not take part in those transactions and are not responsible for the quality, safety or legality of the items or services offered.

## 5. Things you must not do

- Post content that is unlawful, hateful, harassing or misleading.
- Upload files that contain malware or try to disrupt the site.
- Collect other members' personal data without their consent.
- Pretend to be someone else.

## 6. Changes and contact

We may update these terms. When we make important changes we will tell members by email or on the site. Questions? Write to us through the contact details on the About page.
`;

/** Privacy Policy. */
export const PRIVACY_MARKDOWN = `# Privacy Policy

This policy explains what personal data Shelfmark collects, why, and the choices you have.

## What we collect

- **Account data:** your email address and a securely stored password. Your email is never shown on your public profile.
- **Profile data:** the display name, picture, about text, links and other details you choose to publish. Profiles are public.
- **Content:** books, listings, ads and other material you post.
- **Technical data:** basic logs needed to keep the site secure and working.

## How we use it

- To run your account and show your public page.
- To review new accounts and keep the community safe.
- To send newsletters you can unsubscribe from at any time, and emails about your account.

We do not sell your personal data.

## Who we share it with

We use hosting, authentication and email providers who process data on our behalf under contracts that protect it. We may disclose data when the law requires it.

## Your rights

You can view and edit your profile at any time, and you can delete your account from the profile editor. You may also ask us for a copy of your data or ask us to correct or erase it.

## Cookies

We use only the cookies and local storage needed to keep you signed in and to save drafts of forms in your browser.

## Contact

Questions about privacy? Write to us through the contact details on the About page.
`;
