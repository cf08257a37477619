import { addReviewSchema } from '../../../shared/schemas/review.schema.js'
import { ImagePicker } from '../components/image-picker.js'
import { chosenFile, reviewForm, ReviewFields } from '../components/review-form.js'
import { AdminForm } from '../kit/admin-form.js'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { MESSAGES } from '../../../shared/messages.js'

/** SPEC 2/5: title, description and featured image are all required; success goes to the list. */
export default function AddReview() {
  const submit = useSubmit(serverMessageOr(MESSAGES.addReview))

  async function add(data: FormData) {
    const input = submit.check(addReviewSchema, data)
    if (!input) return
    if (!chosenFile(data, 'featuredImage')) return submit.fail('Featured image is required', 'featuredImage')
    await submit.send('/add-review', { method: 'POST', form: reviewForm(input, data) }, { goTo: '/admin/reviews' })
  }

  return (
    <>
      <h1>Add Review</h1>
      <AdminForm submit={submit} submitLabel="Add Review" onSubmit={add} drafts={{}}>
        <p className="admin-hint">All fields are required.</p>
        <ReviewFields submit={submit} />
        <ImagePicker label="Featured Image" name="featuredImage" required />
      </AdminForm>
    </>
  )
}
