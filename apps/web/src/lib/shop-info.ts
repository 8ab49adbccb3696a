/**
 * The shop's contact details shown in footers and on /contact. The admin settings page (/settings) will
 * make these editable; until then they come from here, in one place.
 */
export const shopInfo = {
  name: 'Bilum',
  email: 'sales@bilum.com.pg',
  phone: '+675 321 4567',
  address: 'Section 38, Allotment 12, Waigani Drive, Port Moresby, NCD, Papua New Guinea',
};
