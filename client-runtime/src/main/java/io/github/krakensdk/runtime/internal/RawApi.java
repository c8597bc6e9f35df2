package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.runtime.internal.retrofit.RequestSecurity;
import java.util.Map;
import okhttp3.RequestBody;
import retrofit2.Call;
import retrofit2.http.Body;
import retrofit2.http.DELETE;
import retrofit2.http.GET;
import retrofit2.http.PATCH;
import retrofit2.http.POST;
import retrofit2.http.PUT;
import retrofit2.http.QueryMap;
import retrofit2.http.Tag;
import retrofit2.http.Url;

/**
 * Plumbing, not API: the Retrofit interface behind raw calls (operations the contract does not
 * have yet). The path is relative to the family's base URL; the {@link RequestSecurity} tag tells
 * the interceptors whether to sign, as the {@code @Security} annotation does for generated calls.
 */
public interface RawApi {
  @GET
  Call<Object> get(@Url String path, @QueryMap Map<String, String> query, @Tag RequestSecurity security);

  @DELETE
  Call<Object> delete(@Url String path, @QueryMap Map<String, String> query, @Tag RequestSecurity security);

  @POST
  Call<Object> post(@Url String path, @QueryMap Map<String, String> query, @Body RequestBody body,
      @Tag RequestSecurity security);

  @PUT
  Call<Object> put(@Url String path, @QueryMap Map<String, String> query, @Body RequestBody body,
      @Tag RequestSecurity security);

  @PATCH
  Call<Object> patch(@Url String path, @QueryMap Map<String, String> query, @Body RequestBody body,
      @Tag RequestSecurity security);
}
