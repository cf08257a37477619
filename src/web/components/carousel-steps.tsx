/*
 * A carousel's arrows and thumbnails work before the page's scripts arrive (issue 27): until
 * Swiper has started, a carousel is a row of slides in a scroll container with snap points
 * (carousels.css), and this small script, sent inline with the HTML, scrolls it when a control
 * that names it (`aria-controls`) is pressed (decision 116):
 *   data-carousel-step="1" or "-1"  one slide on or back (the arrows);
 *   data-carousel-slide="3"         to that slide (the amenities' thumbnails).
 * It steps back once Swiper has started (the carousel has `swiper-initialized`): the controls'
 * own handlers take over, and Swiper starts at the slide the visitor scrolled to (behaviours/carousel.ts).
 * One listener on the document, however many carousels and copies of this element a page has.
 */
const SCRIPT = `(function(d){if(d.__carouselSteps)return;d.__carouselSteps=1;d.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-carousel-step],[data-carousel-slide]");if(!b)return;var r=d.getElementById(b.getAttribute("aria-controls")||"");if(!r||r.classList.contains("swiper-initialized"))return;var s=r.querySelectorAll(".swiper-slide");if(s.length<2)return;var w=s[1].offsetLeft-s[0].offsetLeft,i=b.getAttribute("data-carousel-slide");r.scrollTo({left:i!==null?i*w:r.scrollLeft+b.getAttribute("data-carousel-step")*w,behavior:"smooth"})})})(document)`

/** Rendered beside the controls of a carousel; it runs once, when the server's HTML is parsed. */
export function CarouselSteps() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />
}

/** The attributes that make a control step a carousel before Swiper starts. */
export function carouselStep(carouselId: string, direction: 1 | -1) {
  return { 'aria-controls': carouselId, 'data-carousel-step': direction }
}

/** The attributes that make a control show one slide of a carousel before Swiper starts. */
export function carouselSlide(carouselId: string, index: number) {
  return { 'aria-controls': carouselId, 'data-carousel-slide': index }
}
