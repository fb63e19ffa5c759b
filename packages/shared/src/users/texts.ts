/** Teammate texts of spec 001 §2, §5 and §8, letter for letter where the spec gives them. */
export const TEAMMATE_TEXTS = {
  pageTitle: 'Teammates',
  newButton: 'TeamMate',
  newTitle: 'New Teammate',
  editTitle: 'Edit Teammate',
  created: 'Teammate created successfully.',
  updated: 'Teammate updated successfully.',
  deleted: 'Teammate has been deleted successfully.',
  saveError: 'An error occurred while saving the user',
  createError: 'An error occurred while creating the user',
  duplicateEmail: 'A user with this email already exists',
  removeTitle: 'Remove Teammate',
  removeMessage: 'Are you sure you want to remove this Teammate?',
  removeButton: 'Remove Teammate',
  // Not in the spec: server answers for rules the spec leaves open (see the decisions).
  notFound: 'Teammate not found',
  alreadyMember: 'This user is already a member of this group.',
  lastAdmin: 'A group must keep at least one Group Admin. Make another teammate Group Admin first.',
  superOnlyBySuper: 'Only a platform administrator can change a platform administrator.',
  accountNotManaged:
    'This user also belongs to groups you do not administer: only their role in this group can be changed here.',
  accountOtherCustomer:
    'This user also belongs to another customer: only their role in this group can be changed here.',
  notGroupAdmin: 'You can only manage teammates of groups you administer.',
  isMemberRequired: 'A user without an id can only be saved as a new member of a group (isMember).',
  existingUserMismatch: 'The id does not belong to the user with this email.',
  emailLookupInvalid: 'Give a user id or an e-mail address',
  superRoleNote: 'Platform administrator: the role cannot be changed here.',
  existingUserNote: 'This person already has an account: they will be added to the group.',
} as const;
