import { Link } from '@tanstack/react-router';
import { blogPosts } from './blog-posts.ts';
import './marketing.css';
import { tm } from '../../i18n/marketing.ts';

export function BlogList() {
  return (
    <ul className="card-grid blog-grid">
      {blogPosts().map((post, i) => (
        <li key={post.id}>
          <article className="card" aria-labelledby={`blog-${post.id}`}>
            <img
              src={post.image}
              alt={post.alt}
              width={640}
              height={360}
              decoding="async"
              loading={i < 2 ? 'eager' : 'lazy'}
            />
            <div className="card-body">
              <h2 id={`blog-${post.id}`}>{post.title}</h2>
              <p>{post.description}</p>
              <Link to="/" className="text-link">
                {tm('popular.readMore')}{' '}
                <span className="visually-hidden">{tm('popular.about', { name: post.title })}</span>
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
