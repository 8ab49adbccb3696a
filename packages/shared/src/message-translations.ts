import type { Locale } from './locale';

/**
 * The shop's messages to a shopper in Tok Pisin (issue 31, decision 046): the API's error and success messages and
 * the forms' checks, keyed by their exact English text (the spec's texts, which stay word for word). A key with
 * `{name}` in it is a template: it matches a whole message with any value there, and the value is carried over
 * unchanged into the Tok Pisin (which may leave a value out when the sentence does not need it). A message that is
 * not here stays English. Tok Pisin follows docs/glossary.md.
 *
 * Not on the web's start-up path: the API's error handler uses it, and the web only from lazily loaded forms.
 */
const tokPisin: Readonly<Record<string, string>> = {
  // The error handler's own, and the plumbing every request goes through.
  'Something went wrong on our side. Please try again.': 'Samting i no stret long hap bilong mipela. Plis traim gen.',
  'The address of this request is not valid.': 'Adres bilong dispela askim i no stret.',
  'Some fields are not valid. Please check them and try again.': 'Sampela hap i no stret. Plis lukim gen na traim gen.',
  'This address is not valid. Please check it and try again.': 'Dispela adres i no stret. Plis lukim gen na traim gen.',
  'This request is not valid.': 'Dispela askim i no stret.',
  'This was changed by another request at the same time. Please try again.':
    'Narapela askim i senisim dispela long wankain taim. Plis traim gen.',
  'This request is too large: the shop takes at most {size} here.':
    'Dispela askim i bikpela tumas: stua i kisim {size} tasol long hia.',
  'Invalid value': 'I no stret',
  'Please check your details.': 'Plis lukim gen ol ditel bilong yu.',
  'Requests from other sites are not allowed.': 'Stua i no kisim askim i kam long ol narapela websait.',
  'This endpoint takes JSON (Content-Type: application/json).':
    'Dispela hap i kisim JSON tasol (Content-Type: application/json).',
  'Text must not contain NUL characters.': 'Tok i no ken gat ol NUL leta.',
  'No such endpoint: {method} {path}': 'I no gat dispela hap: {method} {path}',
  'File not found.': 'Mipela i no painim dispela fail.',
  'Image not found.': 'Mipela i no painim dispela piksa.',
  'No such picture.': 'I no gat dispela piksa.',
  'No such sitemap.': 'I no gat dispela sitemap.',
  'Too many attempts. Please wait a few minutes and try again.':
    'Yu traim planti taim tumas. Plis wet liklik na traim gen.',

  // Zod's own messages, for a check that gives none of its own.
  'Invalid input': 'I no stret',
  'Invalid input: {detail}': 'I no stret',
  'Invalid email address': 'Imel adres i no stret',
  'Too small: {detail}': 'Em i liklik tumas',
  'Too big: {detail}': 'Em i bikpela tumas',

  // Signing in, registering, the password.
  'Invalid email or password. Please try again.': 'Imel o paswod i no stret. Plis traim gen.',
  'Please sign in to continue.': 'Plis go insait pastaim.',
  'Your session is invalid. Please log in again.': 'Sesen bilong yu i no stret moa. Plis go insait gen.',
  'Logged out.': 'Yu go ausait pinis.',
  'An account with this email already exists. Please sign in instead.':
    'I gat akaun pinis long dispela imel. Plis go insait.',
  'An account with this email already exists.': 'Narapela akaun i gat dispela imel pinis.',
  'If an account exists for that email, we have sent a 6-digit code and a reset link to it.':
    'Sapos i gat akaun long dispela imel, mipela i salim kod i gat 6 namba na link bilong senisim paswod i go long en.',
  'OTP verified successfully!': 'OTP i stret!',
  'Invalid OTP. Please try again.': 'OTP i no stret. Plis traim gen.',
  'Password reset successfully!': 'Nupela paswod i redi!',
  'Invalid or missing token.': 'Token i no stret o i no stap.',
  'This reset link is invalid or has expired. Please request a new one.':
    'Dispela link i no stret o taim bilong en i pinis. Plis askim nupela link.',
  'Please enter a new password.': 'Plis putim nupela paswod.',
  'Passwords do not match.': 'Tupela paswod i no wankain.',
  'This password is too common. Choose a less common password.':
    'Planti manmeri i save yusim dispela paswod. Makim narapela paswod.',
  'Password must be at least {min} characters long.': 'Paswod i mas gat {min} leta o moa.',
  'Password must be at most {max} characters long.': 'Paswod i no ken winim {max} leta.',
  'Password must have at least one character that is not a space.':
    'Paswod i mas gat wanpela leta o namba, i no spes tasol.',
  'Please enter your email address.': 'Plis raitim imel adres bilong yu.',
  'Please enter a valid email address.': 'Plis raitim imel adres i stret.',
  'Please enter a valid e-mail address.': 'Plis raitim imel adres i stret.',
  'Email addresses have at most 254 characters.': 'Imel adres i no ken winim 254 leta.',
  'Please enter your password.': 'Plis raitim paswod bilong yu.',
  'Please enter your full name.': 'Plis raitim nem olgeta bilong yu.',
  'Please repeat the new password.': 'Plis raitim nupela paswod gen.',
  'Please enter the code from the email.': 'Plis raitim kod long imel.',
  'The code is the {n} digits from the email.': 'Kod em ol {n} namba long imel.',
  'Please use at most 100 characters.': 'Plis yusim 100 leta o liklik moa.',
  'Please use at most {max} characters.': 'Plis yusim {max} leta o liklik moa.',
  'You already have an active membership.': 'Yu memba pinis.',

  // The profile.
  'Profile updated successfully!': 'Profail i senis pinis!',
  "It seems there's no profile data available for you.": 'I luk olsem i no gat profail bilong yu.',
  'Your current password is not correct.': 'Paswod yu gat nau i no stret.',
  'Please enter your current password to change your e-mail address or password.':
    'Plis raitim paswod yu gat nau long senisim imel adres o paswod bilong yu.',
  'Check your inbox to confirm your new e-mail address.': 'Lukim imel bilong yu bilong konfemim nupela imel adres.',
  'This confirmation link is invalid or has expired. Please change your e-mail address again.':
    'Dispela link i no stret o taim bilong en i pinis. Plis senisim imel adres bilong yu gen.',
  'Your e-mail address has been changed.': 'Imel adres bilong yu i senis pinis.',
  'Address saved to your profile.': 'Adres i go pinis long profail bilong yu.',
  'None of your orders has a delivery address to save.':
    'I no gat wanpela oda bilong yu i gat adres bilong salim long seivim.',
  'Saved to your list.': 'Putim pinis long lis bilong yu.',
  'Removed from your list.': 'Rausim pinis long lis bilong yu.',
  'Please add your phone number to your profile first.': 'Plis putim namba fon long profail bilong yu pastaim.',

  // Contact details, the phone number, delivery.
  'Contact details saved.': 'Ol ditel bilong yu i stap pinis.',
  'Please enter your first name.': 'Plis raitim fes nem bilong yu.',
  'Please enter your last name.': 'Plis raitim las nem bilong yu.',
  'Please enter your street address.': 'Plis raitim adres bilong strit bilong yu.',
  'Please enter your city.': 'Plis raitim taun bilong yu.',
  'Please enter your postcode.': 'Plis raitim poskod bilong yu.',
  'Please enter a 3-digit PNG postcode, e.g. 111.': 'Plis raitim poskod bilong PNG i gat 3-pela namba, olsem 111.',
  'Please enter a pickup location for your order (required for physical items).':
    'Plis raitim ples yu bai kisim oda bilong yu (yu mas raitim long ol samting yu kisim long han).',
  'Please fill in all required contact and address details.':
    'Plis pulapim olgeta nem, namba fon na adres yu mas givim.',
  'Please fill in all required contact and shipping details.':
    'Plis pulapim olgeta nem, namba fon na adres bilong salim yu mas givim.',
  'Contact details not found. Please go back to fill them.':
    'Mipela i no painim nem na adres bilong yu. Plis go bek na pulapim.',
  'Please enter your phone number.': 'Plis raitim namba fon bilong yu.',
  'Please choose a country code.': 'Plis makim kod bilong kantri.',
  'PNG numbers must start with 7, 3, 2, or 8.': 'Namba fon bilong PNG i mas stat long 7, 3, 2, o 8.',
  'PNG numbers starting with 7 or 8 must have exactly 8 digits.':
    'Namba fon bilong PNG i stat long 7 o 8 i mas gat 8-pela namba.',
  'PNG numbers starting with 3 or 2 must have exactly 7 digits.':
    'Namba fon bilong PNG i stat long 3 o 2 i mas gat 7-pela namba.',
  'Phone numbers must have 6 to 12 digits.': 'Namba fon i mas gat 6 i go inap 12 namba.',
  'Please choose your province.': 'Plis makim provins bilong yu.',
  'Please choose a pickup point for your order.': 'Plis makim ples bilong kisim oda bilong yu.',
  'That pickup point is no longer available. Please choose another.':
    'Dispela ples bilong kisim oda i pas nau. Plis makim narapela.',
  'Pickup is not available at the moment. Please choose delivery.': 'Nau yu no inap kisim long stua. Plis makim salim.',

  // The catalogue.
  'Product id must be a number.': 'Namba bilong samting i no stret.',
  'Product not found or an error occurred': 'Mipela i no painim samting, o wanpela rong i kamap',
  'Page must be a whole number.': 'Namba bilong pes i mas namba olgeta.',
  'Page must be 1 or more.': 'Namba bilong pes i mas 1 o moa.',
  'Page must be at most {max}.': 'Namba bilong pes i no ken winim {max}.',
  'Page size must be a whole number.': 'Hamas samting long wanpela pes i mas namba olgeta.',
  'Page size must be from 1 to {max}.': 'Hamas samting long wanpela pes i mas 1 i go long {max}.',
  'Category id must be a number.': 'Namba bilong kain i no stret.',
  'Category must be "all" or a category\u2019s address (lower-case letters, digits and hyphens).':
    'Kain i mas "all" o adres bilong wanpela kain (liklik leta, namba na ol hyphen).',
  'The shop has no category "{slug}": choose one of its categories.':
    'Stua i no gat kain "{slug}": makim wanpela kain bilong stua.',
  'No such category.': 'I no gat dispela kain.',

  // The cart.
  'Item added to cart.': 'Samting i go pinis long kat.',
  'Item already in cart.': 'Samting i stap pinis long kat.',
  'This item is sold out.': 'Dispela samting i pinis.',
  'This offer is for Premium members. Join Premium to buy it.':
    'Dispela ofa i bilong Premium memba tasol. Kamap Premium memba bilong baim.',
  'Cart item not found.': 'Mipela i no painim dispela samting long kat.',
  'Cart item id must be a number.': 'Namba bilong samting long kat i no stret.',
  'Only {max} of this item {verb} available.': 'Em {max} tasol bilong dispela samting i stap.',
  'Quantity must be at least 1.': 'Hamas i mas 1 o moa.',
  'Quantity must be a whole number.': 'Hamas i mas namba olgeta.',
  'Quantity is too large.': 'Hamas i bikpela tumas.',
  'You can buy at most {max} of this item in one order.':
    'Yu ken baim {max} tasol bilong dispela samting long wanpela oda.',
  'A cart can merge at most 100 items.': 'Kat i ken bungim 100 samting tasol.',
  'Cannot add to cart': 'Yu no inap putim long kat',

  // Checkout and payment.
  'No items found for checkout. Redirecting to cart.': 'I no gat samting long baim. Mipela i go bek long kat.',
  'No purchasable items in your order. Returning to cart.':
    'I no gat samting yu inap baim long oda bilong yu. Mipela i go bek long kat.',
  'Card details are missing.': 'Ol namba bilong kad i no stap.',
  'Invalid total price. Cannot process payment for zero or negative amount.':
    'Olgeta mani i no stret. Mipela i no inap peim K0.00 o mani i go daun tumas.',
  'Please sign in to check out your saved cart.': 'Plis go insait bilong baim ol samting long kat bilong yu.',
  'Please sign in or register to buy Premium membership.':
    'Plis go insait o mekim nupela akaun bilong baim Premium Memba.',
  'Sorry, {name} is sold out.': 'Sori, {name} i pinis.',
  'Only {available} of {name} {verb} left.': 'Em {available} tasol bilong {name} i stap.',
  'Each product may appear only once in an order.': 'Wanpela samting i ken kamap wanpela taim tasol long oda.',
  'We could not save your order; you have not been charged. Please try again.':
    'Mipela i no inap seivim oda bilong yu; yu no peim wanpela toea. Plis traim gen.',
  'Your order is saved, but we could not prepare its payment just now. Please try again.':
    'Mipela i seivim oda bilong yu, tasol mipela i no inap redim peimen nau. Plis traim gen.',
  'This checkout was already used for another order. Please start checkout again.':
    'Yu yusim dispela baim pinis long narapela oda. Plis stat gen long baim.',
  'Your reservation has expired. Please start checkout again.':
    'Taim bilong holim ol samting bilong yu i pinis. Plis stat gen long baim.',
  'This order is already paid.': 'Yu peim pinis dispela oda.',
  'This order was cancelled. Please start checkout again.': 'Dispela oda i pinis nating. Plis stat gen long baim.',
  'This order was replaced by your newer order #{id} when you changed your checkout. Please pay that order instead.':
    'Nupela oda #{id} bilong yu i kisim ples bilong dispela oda taim yu senisim baim bilong yu. Plis peim nupela oda.',
  'Your payment went through, but you had already changed your checkout and placed a newer order, so we cancelled this one and refunded your payment in full.':
    'Peimen bilong yu i go pinis, tasol yu senisim baim na mekim nupela oda pastaim, olsem na mipela i pinisim dispela oda na givim bek olgeta mani bilong yu.',
  'Your payment went through, but an item in your order is no longer available, so we cancelled the order and refunded your payment in full.':
    'Peimen bilong yu i go pinis, tasol wanpela samting long oda i no stap moa, olsem na mipela i kenselim oda na givim bek olgeta mani bilong yu.',
  'Your payment went through, but Premium had already been activated on your account by another payment, so we refunded this payment in full.':
    'Peimen bilong yu i go pinis, tasol narapela peimen i opim Premium long akaun bilong yu pastaim, olsem na mipela i givim bek olgeta mani bilong dispela peimen.',
  'Your payment is being processed. This page updates when it completes.':
    'Mipela i wok long peimen bilong yu. Dispela pes bai senis taim em i pinis.',
  'You can buy at most {max} of {name} in one order.': 'Yu ken baim {max} tasol bilong {name} long wanpela oda.',
  'You can buy at most {max} of one item in one order.':
    'Yu ken baim {max} tasol bilong wanpela samting long wanpela oda.',
  'An order can have at most 100 lines.': 'Wanpela oda i ken gat 100 lain tasol.',
  'This order is too large to pay online. Please place it as several smaller orders, or contact us to order in bulk.':
    'Dispela oda i bikpela tumas bilong peim long intanet. Plis brukim long sampela liklik oda, o toktok wantaim mipela bilong baim planti.',
  'We reserve up to {max} items at a time for one shopper\u2019s orders awaiting payment. To buy more now, pay by card, pay an order you have already placed, or choose fewer items.':
    'Mipela i holim {max} samting tasol long wanpela taim bilong ol oda bilong wanpela man i wet long peimen. Bilong baim moa nau, peim long kad, peim oda yu mekim pinis, o makim liklik samting.',
  'We reserve up to {max} at a time for one shopper\u2019s orders awaiting payment. To buy more now, pay by card, pay an order you have already placed, or choose fewer items.':
    'Mipela i holim {max} tasol long wanpela taim bilong ol oda bilong wanpela man i wet long peimen. Bilong baim moa nau, peim long kad, peim oda yu mekim pinis, o makim liklik samting.',
  'We can\u2019t reserve more items for pay-later orders from your internet connection right now, because many shoppers share it. Please pay by card, or sign in to your account and try again.':
    'Nau mipela i no inap holim moa samting bilong ol oda yu peim bihain long dispela intanet, long wanem planti manmeri i yusim wankain. Plis peim long kad, o go insait long akaun bilong yu na traim gen.',
  'Only {units} of {name} can be reserved for a pay-later order right now; the rest stays on sale for shoppers paying now. Choose {units} or fewer, or pay by card.':
    'Nau mipela i ken holim {units} tasol bilong {name} bilong oda yu peim bihain; ol arapela i stap bilong ol man i peim nau. Makim {units} o liklik moa, o peim long kad.',
  '{name} can\u2019t be reserved for a pay-later order right now; the rest stays on sale for shoppers paying now. Please pay by card to buy it.':
    'Nau mipela i no inap holim {name} bilong oda yu peim bihain; ol i stap bilong ol man i peim nau. Plis peim long kad bilong baim.',
  'Thank you, your order is confirmed. We hold your items for you to collect and pay at the counter until {until}.':
    'Tenkyu, mipela i konfemim oda bilong yu. Mipela i holim ol samting bilong yu i go inap {until}: kam kisim na peim long kaunta.',
  'Thank you, your order is confirmed. We hold your items until {until}: please pay by bank transfer before then.':
    'Tenkyu, mipela i konfemim oda bilong yu. Mipela i holim ol samting bilong yu i go inap {until}: plis peim long benk paslain long dispela taim.',
  'This confirmation link has already been used or has expired. Track your order to see where it stands.':
    'Dispela link bilong konfemim i wok pinis o taim bilong en i pinis. Painim oda bilong yu long lukim em i stap olsem wanem.',
  'This order was not confirmed in time, so its items went back on sale. Please place the order again.':
    'Yu no konfemim dispela oda long taim, olsem na ol samting i go bek long stua. Plis mekim oda gen.',
  'Confirm your order from the e-mail we sent within {minutes} minutes, or the items go back on sale.':
    'Konfemim oda bilong yu long imel mipela i salim insait long {minutes} minit, o ol samting bai go bek long stua.',
  'Several card checkouts for these contact details are still open. Please finish paying for one of them, or try again in a few minutes.':
    'Sampela baim long kad bilong ol dispela ditel i op yet. Plis pinisim peim wanpela, o traim gen bihain liklik.',
  'Too many card checkouts are open from your internet connection right now. Please sign in to your account, or try again in a few minutes.':
    'Planti baim long kad i op long dispela intanet nau. Plis go insait long akaun bilong yu, o traim gen bihain liklik.',
  'You already have a Premium membership order waiting for payment. Please pay that order, or try again when its reservation ends.':
    'Yu gat oda bilong Premium Memba i wet long peimen pinis. Plis peim dispela oda, o traim gen taim holim bilong en i pinis.',
  'Order id must be a number.': 'Namba bilong oda i no stret.',
  'Order not found.': 'Mipela i no painim oda.',
  'We could not find that order.': 'Mipela i no painim dispela oda.',
  'Please enter valid Order ID and Email Address.': 'Plis raitim stret namba bilong oda na imel adres.',
  'This confirmation link is not valid.': 'Dispela link i no stret.',
  'This way to pay is not available at the moment. Please choose another.':
    'Nau yu no inap peim long dispela rot. Plis makim narapela.',
  'Pay at pickup is only for orders you collect at a pickup point.':
    'Peim taim yu kisim em bilong ol oda yu kisim long ples bilong kisim tasol.',
  'Premium membership can be paid by card or bank transfer.': 'Yu ken peim Premium Memba long kad o long benk.',
  'This order is not waiting for a payment.': 'Dispela oda i no wet long peimen.',
  'Invalid payment request.': 'Askim bilong peimen i no stret.',
  'Payment confirmation failed.': 'Peimen i no go gut.',
  'Membership payment not found.': 'Mipela i no painim peimen bilong memba.',
  'Membership payment id must be a number.': 'Namba bilong peimen bilong memba i no stret.',
  'Cardholder name is required': 'Raitim nem i stap long kad',
  'You must accept the terms and conditions to proceed.': 'Yu mas orait long ol lo bilong go het.',
  'Membership renewed for another year!': 'Memba bilong yu i nupela gen long narapela yia!',
  'You can renew in the last 30 days of your membership.': 'Yu ken nupelaim memba long las 30 de bilong en.',
  'The tax invoice is available once the order is paid.': 'Takis invois i kamap taim oda i peim pinis.',
  'Your payment was not successful.': 'Peimen bilong yu i no go.',
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.':
    'Mipela i no inap sekim rot bilong peimen bilong yu. Plis makim narapela rot bilong peim na traim gen.',
  'Your card number is incorrect.': 'Namba bilong kad bilong yu i no stret.',
  "Your card's expiration month is invalid.": 'Mun bilong kad i pinis i no stret.',
  "Your card's expiration date is in the past.": 'Taim bilong kad bilong yu i pinis.',
  "Your card's security code is incomplete.": 'Sekiuriti kod bilong kad i no pulap.',
  'Your card was declined.': 'Kad bilong yu i no go.',
  'Your card has insufficient funds.': 'Mani i no inap long kad bilong yu.',
  'Your card number is not a test card. Use 4242 4242 4242 4242.':
    'Namba bilong kad bilong yu i no bilong traim. Yusim 4242 4242 4242 4242.',

  // Discount codes.
  'A code has {min} to {max} letters, digits and single hyphens, e.g. "WANTOK10".':
    'Kod i gat {min} i go long {max} leta, namba na wanpela hyphen namel, olsem "WANTOK10".',
  'There is no discount code "{code}". Check the spelling.': 'I no gat diskaun kod "{code}". Lukim spelling gen.',
  'The code {code} cannot be used at the moment.': 'Nau yu no inap yusim kod {code}.',
  'The code {code} can be used from {time} (Port Moresby time).':
    'Yu ken yusim kod {code} stat long {time} (taim bilong Pot Mosbi).',
  'The code {code} ended on {time} (Port Moresby time).': 'Kod {code} i pinis long {time} (taim bilong Pot Mosbi).',
  'The code {code} has been used as many times as it can be.': 'Ol i yusim kod {code} inap long mak bilong en.',
  'You have used the code {code} {times}, as many times as it allows.':
    'Yu yusim kod {code} pinis inap long mak bilong en.',
  'The code {code} does not apply to anything in your order.':
    'Kod {code} i no wok long wanpela samting long oda bilong yu.',
  'The code {code} needs a spend of at least {min} on the products it applies to; that comes to {spent} in your order.':
    'Kod {code} i wok taim yu baim {min} o moa long ol samting bilong kod; long oda bilong yu ol i kamap {spent}.',
  'The code {code} needs a spend of at least {min}; that comes to {spent} in your order.':
    'Kod {code} i wok taim yu baim {min} o moa; oda bilong yu i kamap {spent}.',
  'The code {code} gives free delivery, and this order is collected, not delivered.':
    'Kod {code} i givim salim nating, tasol yu kisim dispela oda long stua, mipela i no salim.',
  'The code {code} gives free delivery, and delivery is already free for this order.':
    'Kod {code} i givim salim nating, tasol salim bilong dispela oda i nating pinis.',
  'Your member prices are already lower than the code {code} gives, so it takes nothing more off.':
    'Prais bilong memba bilong yu i daun moa long kod {code}, olsem na kod i no daunim prais moa.',

  // Categories (the public list and its errors).
  'Give the category a name.': 'Givim nem long kain.',
  'A category name has at most {max} characters.': 'Nem bilong kain i no ken winim {max} leta.',
  'A category\u2019s address has at most {max} characters.': 'Adres bilong kain i no ken winim {max} leta.',
  'A category\u2019s address may use only lower-case letters (a-z), digits and single hyphens between them, e.g. "solar-lights".':
    'Adres bilong kain i ken gat liklik leta (a-z), namba na wanpela hyphen namel tasol, olsem "solar-lights".',
  'Give a new name or a new address.': 'Givim nupela nem o nupela adres.',
  'Give every category\u2019s id once, in the new order.':
    'Givim namba bilong olgeta kain wanpela taim, long nupela lain.',
  'The categories have changed since this list was loaded: reload and try again.':
    'Ol kain i senis bihain long yu opim dispela lis: opim gen na traim gen.',
  'The address "all" is the page of every product: choose another.':
    'Adres "all" em i pes bilong olgeta samting: makim narapela.',
  'The address "{slug}" is already used by a category.': 'Wanpela kain i yusim adres "{slug}" pinis.',
  'The address "{slug}" was "{name}"\u2019s before a rename and still leads there: choose another.':
    'Adres "{slug}" i bilong "{name}" paslain long nupela nem na em i go long en yet: makim narapela.',
  'This name gives no address (it has no letters a-z or digits): give the address as well.':
    'Dispela nem i no givim adres (i no gat leta a-z o namba): givim adres tu.',
  'Category added.': 'Kain i stap pinis.',
  'Category saved.': 'Kain i seiv pinis.',
  'Category deleted.': 'Kain i go pinis.',
  'Category hidden.': 'Kain i hait pinis.',
  'Category shown.': 'Kain i kamap pinis.',
  'Categories reordered.': 'Ol kain i stap long nupela lain.',

  // The newsletter.
  'Thanks for subscribing! Deals and new arrivals will come to your inbox.':
    'Tenkyu long joinim! Ol gutpela prais na nupela samting bai kam long imel bilong yu.',
};

interface Template {
  pattern: RegExp;
  names: string[];
  tokPisin: string;
  /** The template's own text (without its placeholders): the longer, the more particular; tried first. */
  weight: number;
}

const placeholder = /\{(\w+)\}/g;
let templates: Template[] | null = null;

/** The templates, compiled once on first use: each a regex over the whole message, placeholders lazily matched. */
function compiledTemplates(): Template[] {
  if (templates) return templates;
  templates = Object.entries(tokPisin)
    .filter(([english]) => /\{\w+\}/.test(english))
    .map(([english, translation]) => {
      const names: string[] = [];
      const source = english
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (name) {
            names.push(name);
            return '([\\s\\S]+?)';
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      return {
        pattern: new RegExp(`^${source}$`),
        names,
        tokPisin: translation,
        weight: english.replace(placeholder, '').length,
      };
    })
    .sort((a, b) => b.weight - a.weight);
  return templates;
}

/**
 * A shopper message in the shopper's language: English as it is; Tok Pisin from the dictionary, by the exact
 * text or a template matched as a whole message (its values carried over); a message not in it stays English.
 */
export function translateMessage(message: string, locale: Locale): string {
  if (locale !== 'tpi') return message;
  const exact = Object.hasOwn(tokPisin, message) ? tokPisin[message] : undefined;
  if (exact !== undefined && !/\{\w+\}/.test(message)) return exact;
  for (const template of compiledTemplates()) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, index) => [name, match[index + 1] ?? '']));
    return template.tokPisin.replace(placeholder, (whole, name: string) => values[name] ?? whole);
  }
  return message;
}

/** The dictionary itself, English to Tok Pisin (for its tests). */
export const tokPisinMessages = tokPisin;
