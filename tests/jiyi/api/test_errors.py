from fastapi import FastAPI, HTTPException
from fastapi.testclient import TestClient

from jiyi.api.errors import install_error_handlers


def test_other_400s_stay_400_with_a_stable_code():
    app = FastAPI()
    install_error_handlers(app)

    @app.get("/refuse")
    def refuse() -> None:
        raise HTTPException(status_code=400, detail="no")

    response = TestClient(app).get("/refuse")
    assert response.status_code == 400
    assert response.json() == {"error": {"code": "bad_request", "message": "no", "fields": {}}}
